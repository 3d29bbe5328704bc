import { extractFacts, type AnyFact } from '@docket/text-facts';
import { filedMs, type AnalysedDocument } from '../analysis-model';
import { segmentSentences } from '../sentence-segmenter';

/** One sentence of a proceeding's filing, with the amounts and dates it states. */
export interface RecordSentence {
  document: AnalysedDocument;
  start: number;
  end: number;
  text: string;
  facts: AnyFact[];
}

/** A filing of the proceeding, its sentences read once for every slot reader. */
export interface RecordFiling {
  document: AnalysedDocument;
  category: string;
  /** Milliseconds since the epoch (0 when undated): the order filings supersede one another in. */
  filedMs: number;
  sentences: RecordSentence[];
}

/** How much of a filing the slot readers read: the facts that make a record sit in its first pages and its ordering paragraphs. */
const MAX_CHARS = 40_000;

export function readFiling(document: AnalysedDocument): RecordFiling {
  const text = document.text;
  const head = segmentSentences(text, 0, Math.min(text.length, MAX_CHARS));
  // A long order's ordering paragraphs are at its end: read the tail too.
  const tail = text.length > MAX_CHARS ? segmentSentences(text, Math.max(MAX_CHARS, text.length - 8_000)).slice(1) : [];
  const sentences = [...head, ...tail].map(({ start, end }) => {
    const sentence = text.slice(start, end);
    return { document, start, end, text: sentence, facts: extractFacts(sentence) };
  });
  return { document, category: (document.filingCategory ?? '').toLowerCase(), filedMs: filedMsOf(document), sentences };
}

export function filedMsOf(document: AnalysedDocument): number {
  const ms = filedMs(document.filedAt);
  return Number.isFinite(ms) ? ms : 0;
}

/** Who filed it: its first filer, or its first party. */
export function filerOf(document: AnalysedDocument): string {
  return (document.filers?.[0] ?? document.parties?.[0] ?? '').trim();
}

/** Filings newest first (undated last). */
export function newestFirst(filings: readonly RecordFiling[]): RecordFiling[] {
  return [...filings].sort((a, b) => b.filedMs - a.filedMs);
}
