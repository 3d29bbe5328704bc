/**
 * A real PDF for a filing: one PDF page per text page, with a running header (source, docket,
 * filer), the title on the first page and the page text wrapped to the margins. Standard fonts
 * only, so no font files are needed; text is WinAnsi, which the generated corpus stays within.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { Filing } from './model';

const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const MARGIN = 64;
const HEADER_SIZE = 8;

/** Replaces characters the standard fonts cannot encode. */
function winAnsi(text: string): string {
  return text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, '-').replace(/[^\x20-\x7e\n\u00a0-\u00ff]/g, '?');
}

interface Line {
  text: string;
  font: PDFFont;
}

/** Rate-table rows are padded with dots into columns; they need a fixed-width font to line up. */
const tableRow = /\.{4,} \$|^Rate Component {2,}/;

function wrap(text: string, font: PDFFont, size: number, width: number, tableFont: PDFFont = font): Line[] {
  const lines: Line[] = [];
  for (const rawLine of text.split('\n')) {
    if (rawLine.trim() === '') {
      lines.push({ text: '', font });
      continue;
    }
    if (tableRow.test(rawLine)) {
      // Shrink the row rather than wrap it, so the columns stay intact.
      lines.push({ text: rawLine, font: tableFont });
      continue;
    }
    const spaceWidth = font.widthOfTextAtSize(' ', size);
    let line = '';
    let lineWidth = 0;
    for (const word of rawLine.split(' ')) {
      const wordWidth = font.widthOfTextAtSize(word, size);
      if (line !== '' && lineWidth + spaceWidth + wordWidth > width) {
        lines.push({ text: line, font });
        line = word;
        lineWidth = wordWidth;
      } else {
        line = line === '' ? word : `${line} ${word}`;
        lineWidth += (line === word ? 0 : spaceWidth) + wordWidth;
      }
    }
    lines.push({ text: line, font });
  }
  return lines;
}

export async function renderFilingPdf(filing: Filing): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(filing.title));
  pdf.setAuthor(winAnsi(filing.filers.join('; ')));
  pdf.setSubject(`${filing.sourceId} ${filing.docketNumber}`);
  pdf.setCreator('Docket Research corpus generator');
  // Fixed dates keep the bytes identical for identical input.
  pdf.setCreationDate(new Date(filing.filedAt));
  pdf.setModificationDate(new Date(filing.filedAt));
  const body = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const textWidth = PAGE_WIDTH - 2 * MARGIN;
  const header = winAnsi(`${filing.sourceId.toUpperCase()}  |  ${filing.docketNumber}  |  Filed ${filing.filedAt.slice(0, 10)} by ${filing.filers.join(', ')}`);

  filing.pages.forEach((pageText, index) => {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    let y = PAGE_HEIGHT - MARGIN / 2;
    page.drawText(header.length > 130 ? `${header.slice(0, 127)}...` : header, { x: MARGIN, y, size: HEADER_SIZE, font: sans, color: rgb(0.35, 0.35, 0.35) });
    y -= 24;
    if (index === 0) {
      for (const line of wrap(winAnsi(filing.title), bold, 13, textWidth)) {
        page.drawText(line.text, { x: MARGIN, y, size: 13, font: bold });
        y -= 16;
      }
      y -= 8;
    }
    const footerY = MARGIN / 2;
    // Shrink the type until the page's text fits: one text page must stay one PDF page.
    let size = 10.5;
    let lines = wrap(winAnsi(pageText), body, size, textWidth, mono);
    while (size > 5 && lines.length * size * 1.25 > y - footerY - 12) {
      size -= 0.5;
      lines = wrap(winAnsi(pageText), body, size, textWidth, mono);
    }
    for (const line of lines) {
      if (line.text !== '') {
        const lineSize = line.font === mono ? Math.min(size, (size * textWidth) / Math.max(1, mono.widthOfTextAtSize(line.text, size))) : size;
        page.drawText(line.text, { x: MARGIN, y, size: lineSize, font: line.font });
      }
      y -= size * 1.25;
    }
    const footer = `Page ${index + 1} of ${filing.pages.length}`;
    page.drawText(footer, { x: PAGE_WIDTH / 2 - sans.widthOfTextAtSize(footer, 8) / 2, y: footerY, size: 8, font: sans });
  });
  return pdf.save({ useObjectStreams: true });
}
