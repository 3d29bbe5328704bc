import { emptyAnalysis, type Analysis, type AnalysisSentence, type RetrievedDocument } from './analysis-model';
import { groupIntoSections } from './answer-sections';
import { citationOf, displayText } from './citation';
import { extractKeyFacts, type FactSource } from './key-facts';
import { DEFAULT_MMR, selectByMmr, type MmrOptions } from './mmr-selection';
import {
  DEFAULT_READING,
  rankSentences,
  sentenceSimilarity,
  type ReadingLimits,
  type ScoredSentence,
  type SentenceRanking,
} from './sentence-ranking';

export interface ExtractiveOptions {
  reading: ReadingLimits;
  mmr: MmrOptions;
  /** How many of the best-ranked sentences MMR chooses among. */
  mmrPool: number;
  /** How many ranked sentences beyond the answer's own key facts are read from. */
  factSentences: number;
}

export const DEFAULT_EXTRACTIVE: ExtractiveOptions = {
  reading: DEFAULT_READING,
  mmr: DEFAULT_MMR,
  mmrPool: 100,
  factSentences: 15,
};

/** Ranked sentences below this share of the best one's score are not read for key facts. */
const FACT_SOURCE_MIN_SHARE = 0.25;

export const NOTICES = {
  noDocuments: 'No documents matched the question, so there is nothing to analyse.',
  noWords:
    'The question has no words to match (only common words such as "what" or "the"); ' +
    'ask about a subject, a party or a docket.',
  noSentences:
    "None of the best-matching documents has a sentence about the question's words; " +
    'see the documents for what matched.',
} as const;

/** The sentences MMR chooses from a ranking: relevant, and not repeating one another. */
export function selectSentences(
  ranking: SentenceRanking,
  options: ExtractiveOptions = DEFAULT_EXTRACTIVE,
): ScoredSentence[] {
  return selectByMmr(ranking.ranked.slice(0, options.mmrPool), (s) => s.score, sentenceSimilarity, options.mmr);
}

/**
 * The extractive analysis (the default mode; no external service): the question's best sentences
 * from the best documents, without repetition, grouped into sections, each citing its exact place.
 */
export function analyzeExtractive(
  question: string,
  retrieved: readonly RetrievedDocument[],
  options: ExtractiveOptions = DEFAULT_EXTRACTIVE,
): Analysis {
  return extractiveFromRanking(rankSentences(question, retrieved, options.reading), options);
}

/** The extractive analysis of a ranking already made (the generative mode falls back on it). */
export function extractiveFromRanking(
  ranking: SentenceRanking,
  options: ExtractiveOptions = DEFAULT_EXTRACTIVE,
): Analysis {
  const analysis: Analysis = emptyAnalysis('extractive');
  if (ranking.documents.length === 0) return { ...analysis, notice: NOTICES.noDocuments };
  if (ranking.profile.terms.size === 0) return { ...analysis, notice: NOTICES.noWords };
  const selected = selectSentences(ranking, options);
  if (selected.length === 0) return { ...analysis, notice: NOTICES.noSentences };
  const sentences: AnalysisSentence[] = selected.map((s) => {
    const citation = citationOf(s.document, s.start, s.end);
    return { text: displayText(citation.quote), citations: [citation] };
  });
  return {
    ...analysis,
    sections: groupIntoSections(sentences),
    keyFacts: extractKeyFacts(factSources(selected, ranking, options.factSentences), ranking.documents),
  };
}

/** The answer's sentences, then the best-ranked others: where key facts are read. */
export function factSources(answer: readonly FactSource[], ranking: SentenceRanking, extra: number): FactSource[] {
  const seen = new Set(answer.map((s) => `${s.document.id}:${s.start}`));
  const floor = (ranking.ranked[0]?.score ?? 0) * FACT_SOURCE_MIN_SHARE;
  const others = ranking.ranked
    .filter((s) => s.score >= floor && !seen.has(`${s.document.id}:${s.start}`))
    .slice(0, extra);
  return [...answer, ...others];
}
