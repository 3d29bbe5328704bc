import type { AnalysedDocument, RetrievedDocument } from './analysis-model';
import {
  HOLDING,
  HOLDING_TERM,
  POSITION_STATEMENT,
  POSITION_TERM,
  profileQuestion,
  type QuestionProfile,
} from './question-profile';
import { segmentSentences, type SentenceSpan } from './sentence-segmenter';
import { contentTerms, cosine, norm, questionTermCounts, termCounts } from './text-terms';

/** How much of the retrieved documents the analysis reads: it bounds the work per question. */
export interface ReadingLimits {
  /** The best documents read (in rank order). */
  maxDocuments: number;
  /** Characters read from the start of each document's text. */
  maxCharsPerDocument: number;
}

export const DEFAULT_READING: ReadingLimits = { maxDocuments: 10, maxCharsPerDocument: 24_000 };

/** A sentence that may answer: long enough to say something, short enough to be one statement. */
const MIN_SENTENCE_CHARS = 30;
const MAX_SENTENCE_CHARS = 1_000;
const MIN_SENTENCE_WORDS = 5;

// BM25 with the usual constants; the collection is the candidate sentences of this question.
const K1 = 1.2;
const B = 0.75;

export interface CandidateSentence {
  document: AnalysedDocument;
  /** 0-based rank of the document among those read. */
  documentRank: number;
  start: number;
  end: number;
  /** Index of the sentence among its document's spans (for passages around it). */
  spanIndex: number;
  /** 0 at the start of the part read, 1 at its end. */
  position: number;
  /** How often each question term occurs in the sentence. */
  matches: Map<string, number>;
  /** How many content words the sentence has (its BM25 length). */
  termTotal: number;
  /** All its terms, for similarity between sentences: made on first use (see termVectorOf). */
  vector?: { counts: Map<string, number>; norm: number };
}

export interface ScoredSentence extends CandidateSentence {
  /** BM25 of the sentence against the question's terms. */
  relevance: number;
  /** Relevance with the priors applied: what the ranking sorts by. */
  score: number;
}

export interface ReadDocument {
  document: AnalysedDocument;
  rank: number;
  /** Every sentence span of the part read, headings included. */
  spans: readonly SentenceSpan[];
}

export interface SentenceRanking {
  question: string;
  profile: QuestionProfile;
  documents: ReadDocument[];
  /** Sentences that match at least one question term, best first (ties: document rank, then position). */
  ranked: ScoredSentence[];
  /** How many candidate sentences were considered. */
  candidateCount: number;
}

const MONEY_CUE = /\$\s?\d|\d\s(?:dollars|cents)\b/;
const PERCENT_CUE = /\d\s?%|\bpercent\b|\bper cent\b|basis points/i;
// A written month and day, an ISO date or a numeric one.
const DATE_CUE = new RegExp(
  String.raw`\b(?:January|February|March|April|May|June|July|August|September|October|November|December|` +
    String.raw`Jan\.|Feb\.|Mar\.|Apr\.|Aug\.|Sept?\.|Oct\.|Nov\.|Dec\.)\s+\d|` +
    String.raw`\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b`,
);
const DECISION_CUE = new RegExp(
  String.raw`\b(?:approv\w*|authoriz\w*|adopt\w*|grant\w*|finds|found|conclude[sd]?|determine[sd]?|holds?|held|` +
    String.raw`ordered|orders|affirm\w*|revers\w*|vacate[sd]?|den(?:y|ies|ied)|reject\w*)\b`,
  'i',
);

/**
 * Reads the best documents (bounded by `limits`), splits them into sentences and ranks the
 * sentences against the question: BM25 over the candidate sentences, times three explainable priors —
 * the document's retrieval rank (0.6 + 0.4 / (1 + 0.25·rank)), the sentence's place in the document
 * (earlier is slightly better: 1 − 0.1·position), and ×1.25 when it states the kind of fact the
 * question asks for (an amount, a percentage, a date), ×1.1 more for a decision when one is asked about.
 */
export function rankSentences(
  question: string,
  retrieved: readonly RetrievedDocument[],
  limits: ReadingLimits = DEFAULT_READING,
): SentenceRanking {
  const profile = profileQuestion(question);
  const documents: ReadDocument[] = [];
  const candidates: CandidateSentence[] = [];
  retrieved.slice(0, limits.maxDocuments).forEach(({ document }, rank) => {
    const windowEnd = Math.min(document.text.length, limits.maxCharsPerDocument);
    const spans = sentenceSpansOf(document, windowEnd);
    documents.push({ document, rank, spans });
    spans.forEach((span, spanIndex) => {
      const length = span.end - span.start;
      if (length < MIN_SENTENCE_CHARS || length > MAX_SENTENCE_CHARS) return;
      const quote = document.text.slice(span.start, span.end);
      if (!isStatement(quote)) return;
      const { total, counts } = questionTermCounts(quote, profile.terms, profile.prefixes);
      if (total < MIN_SENTENCE_WORDS / 2) return;
      if (profile.terms.has(HOLDING_TERM) && HOLDING.test(quote)) counts.set(HOLDING_TERM, 1);
      if (profile.terms.has(POSITION_TERM) && POSITION_STATEMENT.test(quote)) counts.set(POSITION_TERM, 1);
      candidates.push({
        document,
        documentRank: rank,
        start: span.start,
        end: span.end,
        spanIndex,
        position: windowEnd > 0 ? span.start / windowEnd : 0,
        matches: counts,
        termTotal: total,
      });
    });
  });
  return { question, profile, documents, ranked: score(profile, candidates), candidateCount: candidates.length };
}

/**
 * The sentence spans of the documents read lately, by id, least recently used first: questions on one
 * subject read the same filings again, and segmenting one is the larger part of ranking its sentences
 * (ICU's sentence breaks and the abbreviation rules on up to 24,000 characters, on the event loop).
 * A filing whose text changed is segmented afresh.
 */
const recentlySegmented = new Map<string, { text: string; windowEnd: number; spans: readonly SentenceSpan[] }>();
const RECENT_DOCUMENTS = 256;

function sentenceSpansOf(document: AnalysedDocument, windowEnd: number): readonly SentenceSpan[] {
  const cached = recentlySegmented.get(document.id);
  recentlySegmented.delete(document.id);
  const spans =
    cached && cached.windowEnd === windowEnd && cached.text === document.text
      ? cached.spans
      : segmentSentences(document.text, 0, windowEnd);
  recentlySegmented.set(document.id, { text: document.text, windowEnd, spans });
  if (recentlySegmented.size > RECENT_DOCUMENTS)
    recentlySegmented.delete(recentlySegmented.keys().next().value as string);
  return spans;
}

/**
 * Whether a span reads as a statement rather than a heading, caption or signature block: it has
 * lower-case words, ends with closing punctuation, has enough words, is not laid out in columns,
 * and is not service-list boilerplate.
 */
// Certificates of service, signature formulas and a witness introducing themself: in many filings, never an answer.
const BOILERPLATE = new RegExp(
  String.raw`\b(?:I|we) hereby certify\b|\bserved the foregoing\b|\bcertificate of service\b|` +
    String.raw`\brespectfully submitted,?$|` +
    String.raw`\bmy name is\b|\bplease state your name\b|\btestifying on (?:its|their|his|her) behalf\b`,
  'i',
);

function isStatement(quote: string): boolean {
  if (!/[.!?;:]["”’)\]]*$/.test(quote) || !/[a-z]/.test(quote)) return false;
  if (BOILERPLATE.test(quote)) return false;
  if (quote.includes('     ') || quote.includes('\t')) return false;
  let words = 1;
  for (let i = 0; i < quote.length && words < MIN_SENTENCE_WORDS; i++) if (quote.charCodeAt(i) === 32) words++;
  return words >= MIN_SENTENCE_WORDS;
}

function score(profile: QuestionProfile, candidates: CandidateSentence[]): ScoredSentence[] {
  if (candidates.length === 0 || profile.terms.size === 0) return [];
  const averageLength = candidates.reduce((sum, c) => sum + c.termTotal, 0) / candidates.length;
  const idf = new Map<string, number>();
  for (const term of profile.terms.keys()) {
    let df = 0;
    for (const candidate of candidates) if (candidate.matches.has(term)) df++;
    if (df > 0) idf.set(term, Math.log(1 + (candidates.length - df + 0.5) / (df + 0.5)));
  }
  const scored: ScoredSentence[] = [];
  for (const candidate of candidates) {
    let relevance = 0;
    for (const [term, weight] of profile.terms) {
      const tf = candidate.matches.get(term);
      if (!tf) continue;
      relevance +=
        weight *
        (idf.get(term) ?? 0) *
        ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * candidate.termTotal) / averageLength)));
    }
    if (relevance <= 0) continue;
    // Only matching sentences get here, a small share: the regular expressions run on few quotes.
    const quote = candidate.document.text.slice(candidate.start, candidate.end);
    const rankPrior = 0.6 + 0.4 / (1 + 0.25 * candidate.documentRank);
    const positionPrior = 1 - 0.1 * candidate.position;
    const wanted =
      (profile.wants.amount && MONEY_CUE.test(quote)) ||
      (profile.wants.percentage && PERCENT_CUE.test(quote)) ||
      (profile.wants.date && DATE_CUE.test(quote));
    const factPrior = (wanted ? 1.25 : 1) * (profile.wants.decision && DECISION_CUE.test(quote) ? 1.1 : 1);
    const sentence = candidate as ScoredSentence;
    sentence.relevance = relevance;
    sentence.score = relevance * rankPrior * positionPrior * factPrior;
    scored.push(sentence);
  }
  return scored.sort((a, b) => b.score - a.score || a.documentRank - b.documentRank || a.start - b.start);
}

/** The sentence's full term vector (all content words stemmed), made once and kept on it. */
export function termVectorOf(sentence: CandidateSentence): { counts: Map<string, number>; norm: number } {
  if (!sentence.vector) {
    const counts = termCounts(contentTerms(sentence.document.text.slice(sentence.start, sentence.end)));
    sentence.vector = { counts, norm: norm(counts) };
  }
  return sentence.vector;
}

/** Cosine similarity of two sentences' term vectors: how much one repeats the other. */
export function sentenceSimilarity(a: CandidateSentence, b: CandidateSentence): number {
  const va = termVectorOf(a);
  const vb = termVectorOf(b);
  return cosine(va.counts, vb.counts, va.norm, vb.norm);
}
