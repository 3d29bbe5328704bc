// Citation numbering and links, shared by the analysis, documents and figures views (pure, unit-tested).
import type { AnalysisSection, Citation, KeyFact } from '@/lib/query-types';

export function citationKey(c: Pick<Citation, 'documentId' | 'start' | 'end'>): string {
  return `${c.documentId}:${c.start}-${c.end}`;
}

/**
 * Numbers every distinct cited passage in reading order (sections, then key facts), so the same
 * passage carries the same [n] wherever it is cited.
 */
export function numberCitations(sections: AnalysisSection[], keyFacts: KeyFact[] = []): Map<string, number> {
  const numbers = new Map<string, number>();
  const add = (c: Citation | null) => {
    if (c && !numbers.has(citationKey(c))) numbers.set(citationKey(c), numbers.size + 1);
  };
  for (const section of sections) for (const sentence of section.sentences) sentence.citations.forEach(add);
  keyFacts.forEach((fact) => add(fact.citation));
  return numbers;
}

/** Distinct cited passages in the order of their numbers. */
export function citedPassages(
  sections: AnalysisSection[],
  keyFacts: KeyFact[] = [],
): { n: number; citation: Citation }[] {
  const numbers = numberCitations(sections, keyFacts);
  const seen = new Map<string, Citation>();
  const all = [
    ...sections.flatMap((s) => s.sentences.flatMap((t) => t.citations)),
    ...keyFacts.flatMap((f) => (f.citation ? [f.citation] : [])),
  ];
  for (const c of all) if (!seen.has(citationKey(c))) seen.set(citationKey(c), c);
  return [...seen.entries()].map(([key, citation]) => ({ n: numbers.get(key)!, citation }));
}

/**
 * The citation numbers a document's passages carry, ascending and once each: how the documents list
 * points back to the answer's markers (never by rank, which would read as a citation).
 */
export function citationNumbersOf(
  passages: Pick<Citation, 'documentId' | 'start' | 'end'>[],
  numbers: Map<string, number> | undefined,
): number[] {
  const found = new Set<number>();
  for (const passage of passages) {
    const n = numbers?.get(citationKey(passage));
    if (n) found.add(n);
  }
  return [...found].sort((a, b) => a - b);
}

// Words of a question not worth highlighting in a document (they would mark half the text).
const QUESTION_STOP_WORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does for from had has have how i if in into ' +
    'is it its may might must of on or our over shall should so than that the their them then there these ' +
    'they this those to under was we were what when where which while who whom whose why will with would ' +
    'you your about after before between during any all each other company commission filed filing ' +
    'filings'
  ).split(' '),
);

/** The question's content words, for `?q=` on the document page (which highlights every word given). */
export function highlightTerms(question: string): string {
  const seen = new Set<string>();
  for (const word of question.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length >= 3 && !QUESTION_STOP_WORDS.has(word)) seen.add(word);
  }
  return [...seen].join(' ');
}

/**
 * Opens the document at the cited passage: `q` highlights the question's content words, `page` opens the
 * page view that holds the passage, `at=start-end` names the exact characters, which the document
 * page marks as `#cited` (the hash scrolls to it).
 */
export function citationHref(c: Pick<Citation, 'documentId' | 'start' | 'end' | 'page'>, question: string): string {
  const params = new URLSearchParams();
  const q = highlightTerms(question);
  if (q) params.set('q', q);
  if (c.page > 0) params.set('page', String(c.page));
  params.set('at', `${c.start}-${c.end}`);
  return `/documents/${encodeURIComponent(c.documentId)}?${params.toString()}#cited`;
}

export function documentHref(documentId: string, question: string): string {
  const q = highlightTerms(question);
  return `/documents/${encodeURIComponent(documentId)}${q ? `?q=${encodeURIComponent(q)}` : ''}`;
}

/** "Order on rate increase, p. 3" — where a passage is, for titles and tooltips. */
export function citationPlace(c: Pick<Citation, 'documentTitle' | 'page'>): string {
  const title = c.documentTitle || 'Untitled filing';
  return c.page > 0 ? `${title}, p. ${c.page}` : title;
}
