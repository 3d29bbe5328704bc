import type { KeyFactView, Passage, QueryView } from '../domain/export-sources';

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

/** A key fact and the number of the footnote that cites it (none when the fact has no citation). */
export interface NumberedFact {
  fact: KeyFactView;
  note: number | undefined;
}

/**
 * Numbers every citation of the analysis as a footnote, in reading order (the sections' sentences,
 * then the key facts, as the answer page orders them; the same passage cited twice gets two notes,
 * as in a printed text), so DOCX and HTML say exactly the same.
 */
export function footnotesOf(
  query: QueryView,
  documentLink: (documentId: string) => string,
): {
  sections: Array<{ heading: string; sentences: NumberedSentence[] }>;
  keyFacts: NumberedFact[];
  notes: Footnote[];
} {
  const notes: Footnote[] = [];
  const cite = (passage: Passage): number => {
    notes.push({ number: notes.length + 1, passage, link: documentLink(passage.documentId) });
    return notes.length;
  };
  const sections = query.sections.map((section) => ({
    heading: section.heading,
    sentences: section.sentences.map((sentence) => ({ text: sentence.text, notes: sentence.citations.map(cite) })),
  }));
  const keyFacts = query.keyFacts.map((fact) => ({ fact, note: fact.citation ? cite(fact.citation) : undefined }));
  return { sections, keyFacts, notes };
}

export function noteText(note: Footnote): string {
  const page = note.passage.page > 0 ? `, p. ${note.passage.page}` : '';
  return `“${note.passage.quote.trim()}” — ${note.passage.documentTitle || note.passage.documentId}${page}.`;
}
