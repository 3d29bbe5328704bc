/**
 * A real PDF for a filing: one PDF page per text page, with a running header (source, docket,
 * filer), the title on the first page and the page text wrapped to the margins. Standard fonts
 * only, so no font files are needed; text is WinAnsi, which the generated corpus stays within.
 */
import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { Filing } from './model';

const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const MARGIN = 64;
const HEADER_SIZE = 8;
/** zlib's default, as pdf-lib's deflate uses. */
const DEFLATE_LEVEL = 6;

/** Replaces characters the standard fonts cannot encode. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\n\u00a0-\u00ff]/g, '?');
}

interface Line {
  text: string;
  font: PDFFont;
}

/** Rate-table rows are padded with dots into columns; they need a fixed-width font to line up. */
const tableRow = /\.{4,} \$|^Rate Component {2,}/;

/**
 * A word's width at size 1000 (the font's own units, which is what pdf-lib sums before it scales),
 * kept per font: widthOfTextAtSize(word, size) is that sum times size / 1000, so scaling it gives the
 * very same number, without encoding the word and looking up its kerning again on every pass of the
 * shrink loop below. Per rendering, so nothing is kept between filings.
 */
class WordWidths {
  private readonly byFont = new Map<PDFFont, Map<string, number>>();

  atSize(font: PDFFont, word: string, size: number): number {
    let widths = this.byFont.get(font);
    if (!widths) this.byFont.set(font, (widths = new Map()));
    let units = widths.get(word);
    if (units === undefined) widths.set(word, (units = font.widthOfTextAtSize(word, 1000)));
    return units * (size / 1000);
  }
}

function wrap(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  tableFont: PDFFont = font,
  widths = new WordWidths(),
): Line[] {
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
    const spaceWidth = widths.atSize(font, ' ', size);
    let line = '';
    let lineWidth = 0;
    for (const word of rawLine.split(' ')) {
      const wordWidth = widths.atSize(font, word, size);
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

/**
 * pdf-lib is loaded on first use: only the seeding of the default corpus renders PDFs, and a service
 * that never seeds (every later start) does not carry its ~150 modules.
 */
export async function renderFilingPdf(filing: Filing): Promise<Uint8Array> {
  const pdfLib = await import('pdf-lib');
  const { StandardFonts, rgb } = pdfLib;
  const pdf = await pdfLib.PDFDocument.create();
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
  const widths = new WordWidths();
  const header = winAnsi(
    `${filing.sourceId.toUpperCase()}  |  ${filing.docketNumber}  |  ` +
      `Filed ${filing.filedAt.slice(0, 10)} by ${filing.filers.join(', ')}`,
  );

  filing.pages.forEach((pageText, index) => {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    let y = PAGE_HEIGHT - MARGIN / 2;
    page.drawText(header.length > 130 ? `${header.slice(0, 127)}...` : header, {
      x: MARGIN,
      y,
      size: HEADER_SIZE,
      font: sans,
      color: rgb(0.35, 0.35, 0.35),
    });
    y -= 24;
    if (index === 0) {
      const titleLines = wrap(winAnsi(filing.title), bold, 13, textWidth);
      page.drawText(titleLines.map((line) => line.text).join('\n'), {
        x: MARGIN,
        y,
        size: 13,
        font: bold,
        lineHeight: 16,
      });
      y -= 16 * titleLines.length + 8;
    }
    const footerY = MARGIN / 2;
    // Shrink the type until the page's text fits: one text page must stay one PDF page.
    let size = 10.5;
    const pageAnsi = winAnsi(pageText);
    let lines = wrap(pageAnsi, body, size, textWidth, mono, widths);
    while (size > 5 && lines.length * size * 1.25 > y - footerY - 12) {
      size -= 0.5;
      lines = wrap(pageAnsi, body, size, textWidth, mono, widths);
    }
    // Consecutive lines in the body font go out as one text object, a line apart (pdf-lib's lineHeight),
    // rather than one each with its own state, font and matrix: most of pdf-lib's time per PDF was that.
    // Blank lines are kept inside a run (an empty show), table rows in the fixed-width font stand alone.
    let run: string[] = [];
    let runY = y;
    const drawRun = () => {
      while (run.length > 0 && run[run.length - 1] === '') run.pop();
      if (run.length > 0)
        page.drawText(run.join('\n'), { x: MARGIN, y: runY, size, font: body, lineHeight: size * 1.25 });
      run = [];
    };
    for (const line of lines) {
      if (line.font !== mono || line.text === '') {
        if (run.length === 0) runY = y;
        run.push(line.text);
      } else {
        drawRun();
        const lineSize = Math.min(size, (size * textWidth) / Math.max(1, mono.widthOfTextAtSize(line.text, size)));
        page.drawText(line.text, { x: MARGIN, y, size: lineSize, font: mono });
      }
      y -= size * 1.25;
    }
    drawRun();
    const footer = `Page ${index + 1} of ${filing.pages.length}`;
    page.drawText(footer, {
      x: PAGE_WIDTH / 2 - sans.widthOfTextAtSize(footer, 8) / 2,
      y: footerY,
      size: 8,
      font: sans,
    });
  });
  deflateNatively(pdf, pdfLib);
  return pdf.save({ useObjectStreams: true });
}

/**
 * The pages' content streams compressed by Node's zlib rather than pdf-lib's pure-JavaScript one
 * (pako, about a third of the time a filing's PDF took): the same Flate encoding, the same level as
 * pako's default; each content stream is swapped for the raw stream of its compressed bytes.
 */
function deflateNatively(pdf: PDFDocument, { PDFContentStream, PDFRawStream }: typeof import('pdf-lib')): void {
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream) {
      // The stream's dictionary says FlateDecode already; its Length is set when the file is written.
      pdf.context.assign(
        ref,
        PDFRawStream.of(object.dict, deflateSync(object.getUnencodedContents(), { level: DEFLATE_LEVEL })),
      );
    }
  }
}
