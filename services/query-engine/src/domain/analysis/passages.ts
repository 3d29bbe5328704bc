import type { AnalysedDocument, Citation } from './analysis-model';
import { citationOf } from './citation';
import { DEFAULT_MMR, selectByMmr } from './mmr-selection';
import { sentenceSimilarity, type ReadDocument, type SentenceRanking } from './sentence-ranking';
import type { SentenceSpan } from './sentence-segmenter';

/** A numbered excerpt the model is given and must cite as [P<n>]. */
export interface Passage {
  /** "P1", "P2", ... */
  label: string;
  document: AnalysedDocument;
  start: number;
  end: number;
  /** Exactly document.text.slice(start, end). */
  text: string;
  /** The passage's sentences (offsets into the document), for narrowing a citation to one of them. */
  sentences: SentenceSpan[];
  citation: Citation;
}

export interface PassageOptions {
  maxPassages: number;
  /** A passage grows around its central sentence, within its paragraph, up to about this many characters. */
  targetChars: number;
}

export const DEFAULT_PASSAGES: PassageOptions = { maxPassages: 8, targetChars: 700 };

/**
 * The passages for the generative mode: the best sentences chosen by MMR (as the extractive answer
 * would), each widened with its neighbours in the same paragraph so the model sees context;
 * passages that overlap in one document are merged. Labelled in ranking order.
 */
export function selectPassages(ranking: SentenceRanking, options: PassageOptions = DEFAULT_PASSAGES): Passage[] {
  const central = selectByMmr(ranking.ranked.slice(0, 100), (s) => s.score, sentenceSimilarity, {
    ...DEFAULT_MMR,
    limit: options.maxPassages,
  });
  const reads = new Map(ranking.documents.map((read) => [read.document.id, read]));
  const windows: Array<{ read: ReadDocument; first: number; last: number }> = [];
  for (const sentence of central) {
    const read = reads.get(sentence.document.id) as ReadDocument;
    const [first, last] = widen(read, sentence.spanIndex, options.targetChars);
    const overlapping = windows.find((w) => w.read === read && first <= w.last + 1 && w.first <= last + 1);
    if (overlapping) {
      overlapping.first = Math.min(overlapping.first, first);
      overlapping.last = Math.max(overlapping.last, last);
    } else {
      windows.push({ read, first, last });
    }
  }
  return windows.map(({ read, first, last }, index) => {
    const sentences = read.spans.slice(first, last + 1);
    const start = (sentences[0] as SentenceSpan).start;
    const end = (sentences.at(-1) as SentenceSpan).end;
    return {
      label: `P${index + 1}`,
      document: read.document,
      start,
      end,
      text: read.document.text.slice(start, end),
      sentences,
      citation: citationOf(read.document, start, end),
    };
  });
}

/**
 * The span range [first, last] around `index`,
 * alternately adding the next and the previous sentence of the paragraph.
 */
function widen(read: ReadDocument, index: number, targetChars: number): [number, number] {
  const { spans, document } = read;
  let first = index;
  let last = index;
  const length = () => (spans[last] as SentenceSpan).end - (spans[first] as SentenceSpan).start;
  const sameParagraph = (a: SentenceSpan, b: SentenceSpan) => !/\n[ \t\r]*\n/.test(document.text.slice(a.end, b.start));
  let grew = true;
  while (grew && length() < targetChars) {
    grew = false;
    const next = spans[last + 1];
    if (
      next &&
      sameParagraph(spans[last] as SentenceSpan, next) &&
      next.end - (spans[first] as SentenceSpan).start <= targetChars * 1.3
    ) {
      last++;
      grew = true;
    }
    const previous = spans[first - 1];
    if (
      length() < targetChars &&
      previous &&
      sameParagraph(previous, spans[first] as SentenceSpan) &&
      (spans[last] as SentenceSpan).end - previous.start <= targetChars * 1.3
    ) {
      first--;
      grew = true;
    }
  }
  return [first, last];
}
