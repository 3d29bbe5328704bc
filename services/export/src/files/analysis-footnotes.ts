import type { Passage, QueryView } from '../domain/export-sources';

export interface NumberedSentence {
  text: string;
  /** Footnote numbers, 1-based, in the order the sentence cites them. */
  notes: number[];
}

export interface Footnote {
  number: number;
  passage: Passage;
  link: string;
}

/**
 * Numbers every citation of the analysis as a footnote, in reading order (the same passage cited
 * twice gets two notes, as in a printed text), so DOCX and HTML say exactly the same.
 */
export function footnotesOf(query: QueryView, documentLink: (documentId: string) => string): {
  sections: Array<{ heading: string; sentences: NumberedSentence[] }>;
  notes: Footnote[];
} {
  const notes: Footnote[] = [];
  const sections = query.sections.map((section) => ({
    heading: section.heading,
    sentences: section.sentences.map((sentence) => ({
      text: sentence.text,
      notes: sentence.citations.map((passage) => {
        notes.push({ number: notes.length + 1, passage, link: documentLink(passage.documentId) });
        return notes.length;
      }),
    })),
  }));
  return { sections, notes };
}

export function noteText(note: Footnote): string {
  const page = note.passage.page > 0 ? `, p. ${note.passage.page}` : '';
  return `“${note.passage.quote.trim()}” — ${note.passage.documentTitle || note.passage.documentId}${page}.`;
}
