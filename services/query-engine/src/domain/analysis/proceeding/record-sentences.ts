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

/**
 * How much of a filing the slot readers read:
 * the facts that make a record sit in its first pages and its ordering paragraphs.
 */
const MAX_CHARS = 40_000;

type ReadSentence = Omit<RecordSentence, 'document'>;

/**
 * The sentences and facts of the filings read lately, by id, least recently used first: every question
 * about a proceeding reads its filings again, and reading one (sentences, then amounts and dates) is
 * tens of milliseconds of the event loop for a long order. A filing whose text changed is read afresh.
 */
const recentlyRead = new Map<string, { text: string; sentences: readonly ReadSentence[] }>();
const RECENT_FILINGS = 256;

export function readFiling(document: AnalysedDocument): RecordFiling {
  const sentences = sentencesOf(document).map((sentence) => ({ document, ...sentence }));
  return { document, category: (document.filingCategory ?? '').toLowerCase(), filedMs: filedMsOf(document), sentences };
}

/**
 * Filings a background job holds read, whatever their number (see holdRead): a proceeding of 774
 * filings, its rows computed for twelve releases, read each filing twelve times through the
 * 256-filing cache above, tens of seconds on the event loop at once.
 */
const held = new Map<string, { text: string; sentences: readonly ReadSentence[] }>();

/**
 * Reads `documents` once and holds them for readFiling until released, calling `between` after each
 * (a background job yields there), so that no stretch of the reading is longer than one filing's.
 */
export async function holdRead(
  documents: readonly AnalysedDocument[],
  between: () => Promise<void>,
): Promise<{ release(): void }> {
  const ids: string[] = [];
  const release = () => {
    for (const id of ids) held.delete(id);
  };
  try {
    for (const document of documents) {
      held.set(document.id, { text: document.text, sentences: readSentences(document.text) });
      ids.push(document.id);
      await between();
    }
  } catch (error) {
    release();
    throw error;
  }
  return { release };
}

function sentencesOf(document: AnalysedDocument): readonly ReadSentence[] {
  const holding = held.get(document.id);
  if (holding && holding.text === document.text) return holding.sentences;
  const cached = recentlyRead.get(document.id);
  recentlyRead.delete(document.id);
  const sentences = cached && cached.text === document.text ? cached.sentences : readSentences(document.text);
  recentlyRead.set(document.id, { text: document.text, sentences });
  if (recentlyRead.size > RECENT_FILINGS) recentlyRead.delete(recentlyRead.keys().next().value as string);
  return sentences;
}

function readSentences(text: string): ReadSentence[] {
  const head = segmentSentences(text, 0, Math.min(text.length, MAX_CHARS));
  // A long order's ordering paragraphs are at its end: read the tail too.
  const tail = text.length > MAX_CHARS ? segmentSentences(text, Math.max(MAX_CHARS, text.length - 8_000)).slice(1) : [];
  return [...head, ...tail].map(({ start, end }) => {
    const sentence = text.slice(start, end);
    return { start, end, text: sentence, facts: extractFacts(sentence) };
  });
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
