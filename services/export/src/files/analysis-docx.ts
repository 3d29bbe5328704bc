import type { Paragraph as ParagraphType } from 'docx';
import type { QueryView } from '../domain/export-sources';
import { footnotesOf, noteText } from './analysis-footnotes';

/** The analysis as Word (docx): a heading per section, each citation a real footnote quoting the passage and linking the document. */
export async function analysisDocx(query: QueryView, documentLink: (documentId: string) => string): Promise<Buffer> {
  // Loaded on first use: a worker that never writes Word does not carry the library.
  const { Document, ExternalHyperlink, FootnoteReferenceRun, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const { sections, notes } = footnotesOf(query, documentLink);
  const footnotes: Record<number, { children: ParagraphType[] }> = {};
  for (const note of notes) {
    footnotes[note.number] = {
      children: [new Paragraph({ children: [new TextRun(`${noteText(note)} `), new ExternalHyperlink({ link: note.link, children: [new TextRun({ text: note.link, style: 'Hyperlink' })] })] })],
    };
  }
  const body: ParagraphType[] = [new Paragraph({ text: query.question, heading: HeadingLevel.TITLE })];
  if (query.scopeStatement) body.push(new Paragraph({ children: [new TextRun({ text: query.scopeStatement, italics: true })] }));
  if (query.notice) body.push(new Paragraph({ children: [new TextRun({ text: query.notice, italics: true })] }));
  for (const section of sections) {
    if (section.heading) body.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    for (const sentence of section.sentences) {
      body.push(new Paragraph({ children: [new TextRun(sentence.text), ...sentence.notes.map((n) => new FootnoteReferenceRun(n))] }));
    }
  }
  if (query.createdAt) body.push(new Paragraph({ children: [new TextRun({ text: `Asked ${query.createdAt.toISOString().slice(0, 10)}.`, size: 18, color: '666666' })] }));
  const document = new Document({ creator: 'Docket Research', title: query.question, footnotes, sections: [{ children: body }] });
  return Packer.toBuffer(document);
}
