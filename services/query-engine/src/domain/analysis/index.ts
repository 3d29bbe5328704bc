/**
 * The analysis of a question's best documents (pure; no I/O).
 *
 * - `analyzeExtractive(question, retrieved)` → the default answer: ranked sentences (BM25 + priors),
 *   MMR against repetition, grouped into sections, every sentence citing its exact offsets and page;
 *   key facts (deadlines, dates, amounts, percentages, parties), each cited.
 * - Generative mode, in steps around the model call (src/llm does the call): `rankSentences` →
 *   `selectPassages` → `answerPrompt` → (model) → `checkedAnswer`, which drops every sentence whose
 *   citation does not check out; `extractiveFromRanking` is the fallback on the same ranking.
 */
export * from './analysis-model';
export {
  analyzeExtractive,
  extractiveFromRanking,
  selectSentences,
  DEFAULT_EXTRACTIVE,
  NOTICES,
  type ExtractiveOptions,
} from './extractive-analysis';
export {
  rankSentences,
  DEFAULT_READING,
  type ReadingLimits,
  type SentenceRanking,
  type ScoredSentence,
  type ReadDocument,
} from './sentence-ranking';
export { rankWithModel, type ModelRankingOptions, type SentenceModel } from './model-sentence-ranking';
export { segmentSentences, type SentenceSpan } from './sentence-segmenter';
export { citationOf, pageAt, displayText } from './citation';
export { sectionOf, groupIntoSections, SECTION_HEADINGS, type SectionKey } from './answer-sections';
export { extractKeyFacts, isDeadline, KEY_FACT_LIMITS } from './key-facts';
export { selectByMmr, DEFAULT_MMR, type MmrOptions } from './mmr-selection';
export { selectPassages, DEFAULT_PASSAGES, type Passage, type PassageOptions } from './passages';
export { answerPrompt, NO_ANSWER_SENTENCE, type ChatMessage } from './generative-prompt';
export { parseGeneratedAnswer, type GeneratedSentence, type GeneratedSection } from './generated-answer';
export {
  checkGeneratedSentence,
  DEFAULT_CITATION_CHECK,
  type CitationCheck,
  type CitationCheckOptions,
} from './citation-check';
export { checkedAnswer, type CheckedAnswer } from './generative-analysis';
export { readQuestion, type QuestionIntent } from './question-kind';
export * from './proceeding';
export * from './court-case';
