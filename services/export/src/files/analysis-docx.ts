import type { Paragraph as ParagraphType } from 'docx';
import type { QueryView } from '../domain/export-sources';
import { footnotesOf, noteText, type NumberedFact } from './analysis-footnotes';
import {
  bylineText,
  factHeading,
  factSource,
  factValue,
  KEY_FACTS_HEADING,
  noAnalysisText,
  noticeText,
  refinementsText,
} from './answer-wording';

type Docx = typeof import('docx');

const SUBTLE = '666666';

/**
 * The analysis as Word (docx), in the answer page's order: notice, scope and other proceedings,
 * a heading per section, the key facts; each citation a real footnote quoting the passage and linking the document.
 */
export async function analysisDocx(query: QueryView, documentLink: (documentId: string) => string): Promise<Buffer> {
  // Loaded on first use: a worker that never writes Word does not carry the library.
  const docx = await import('docx');
  const { Document, ExternalHyperlink, FootnoteReferenceRun, HeadingLevel, Packer, Paragraph, TextRun } = docx;
  const { sections, keyFacts, notes } = footnotesOf(query, documentLink);
  const footnotes: Record<number, { children: ParagraphType[] }> = {};
  for (const note of notes) {
    footnotes[note.number] = {
      children: [
        new Paragraph({
          children: [
            new TextRun(`${noteText(note)} `),
            new ExternalHyperlink({
              link: note.link,
              children: [new TextRun({ text: note.link, style: 'Hyperlink' })],
            }),
          ],
        }),
      ],
    };
  }
  const italic = (text: string) => new Paragraph({ children: [new TextRun({ text, italics: true })] });
  const body: ParagraphType[] = [new Paragraph({ text: query.question, heading: HeadingLevel.TITLE })];
  for (const line of [noticeText(query), query.scope.statement, refinementsText(query)])
    if (line) body.push(italic(line));
  for (const section of sections) {
    if (section.heading) body.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    for (const sentence of section.sentences) {
      body.push(
        new Paragraph({
          children: [new TextRun(sentence.text), ...sentence.notes.map((n) => new FootnoteReferenceRun(n))],
        }),
      );
    }
  }
  if (noAnalysisText(query)) body.push(italic(noAnalysisText(query)));
  if (keyFacts.length > 0) {
    body.push(new Paragraph({ text: KEY_FACTS_HEADING, heading: HeadingLevel.HEADING_1 }));
    body.push(...keyFacts.map((fact) => factParagraph(docx, fact)));
  }
  if (bylineText(query))
    body.push(new Paragraph({ children: [new TextRun({ text: bylineText(query), size: 18, color: SUBTLE })] }));
  const document = new Document({
    creator: 'Docket Research',
    title: query.question,
    footnotes,
    sections: [{ children: body }],
  });
  return Packer.toBuffer(document);
}

/** One key fact as a bullet: "Evidentiary hearing · superseded: March 3, 2025[n]", then for whom and which filing. */
function factParagraph(
  { FootnoteReferenceRun, Paragraph, TextRun }: Docx,
  { fact, note }: NumberedFact,
): ParagraphType {
  // A superseded value is struck through, as on the page: it is no longer in force.
  const struck = fact.status === 'superseded' ? { strike: true, color: SUBTLE } : {};
  const source = factSource(fact);
  return new Paragraph({
    bullet: { level: 0 },
    children: [
      new TextRun({ text: `${factHeading(fact)}: `, bold: true }),
      new TextRun({ text: factValue(fact), ...struck }),
      ...(note ? [new FootnoteReferenceRun(note)] : []),
      ...(source ? [new TextRun({ text: source, break: 1, size: 18, color: SUBTLE })] : []),
    ],
  });
}
