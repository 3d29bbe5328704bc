import {
  answerPrompt,
  checkedAnswer,
  DEFAULT_CITATION_CHECK,
  DEFAULT_EXTRACTIVE,
  DEFAULT_PASSAGES,
  extractiveFromRanking,
  NO_ANSWER_SENTENCE,
  rankSentences,
  rankWithModel,
  selectPassages,
  type Analysis,
  type AnalysisModeName,
  type CitationCheckOptions,
  type ExtractiveOptions,
  type ModelRankingOptions,
  type PassageOptions,
  type RetrievedDocument,
  type SentenceModel,
  type SentenceRanking,
} from '../../domain/analysis';
import type { ChatModel } from './chat-completions.client';

export interface AnalysisWriterOptions {
  /** The generative mode's model; without one, every analysis is extractive. */
  chat?: ChatModel | undefined;
  extractive?: ExtractiveOptions;
  passages?: PassageOptions;
  check?: CitationCheckOptions;
  /** Re-ranks the best sentences with the embedding model too (bench/answers.eval.ts --sentence-model). */
  sentenceModel?: { model: SentenceModel; options: ModelRankingOptions } | undefined;
  /** Told about fallbacks and dropped sentences. */
  logger?: { warn(details: object, message: string): void } | undefined;
}

export const WRITER_NOTICES = {
  // Users read this: no configuration names (administrators see those on /admin).
  notConfigured: 'Generative answers are not available on this server; this is the extractive analysis.',
  unavailable: (reason: string) => `The language model could not answer (${reason}); this is the extractive analysis.`,
  noAnswer: 'The language model found no answer in the passages; this is the extractive analysis.',
  allDropped: (count: number) =>
    `None of the language model's ${count} sentence${count === 1 ? '' : 's'} cited a passage that supports it, ` +
    `so ${count === 1 ? 'it was' : 'all were'} dropped; this is the extractive analysis.`,
} as const;

/**
 * Writes the analysis of a question's best documents in the mode asked for. Extractive needs
 * nothing outside. Generative numbers the best passages, asks the model to answer citing them,
 * and keeps only sentences whose citations check out; when the model is not configured, cannot be
 * reached, or has no sentence left, the extractive analysis of the same ranking is returned with a
 * notice saying why (and how many sentences were dropped).
 */
export class AnalysisWriter {
  private readonly extractive: ExtractiveOptions;
  private readonly passages: PassageOptions;
  private readonly check: CitationCheckOptions;

  constructor(private readonly options: AnalysisWriterOptions = {}) {
    this.extractive = options.extractive ?? DEFAULT_EXTRACTIVE;
    this.passages = options.passages ?? DEFAULT_PASSAGES;
    this.check = options.check ?? DEFAULT_CITATION_CHECK;
  }

  /** Whether the generative mode can be asked for. */
  get generativeConfigured(): boolean {
    return this.options.chat !== undefined;
  }

  async write(question: string, documents: readonly RetrievedDocument[], mode: AnalysisModeName): Promise<Analysis> {
    const ranking = await this.rank(question, documents);
    const extractive = (notice: string, dropped = 0): Analysis => {
      const analysis = extractiveFromRanking(ranking, this.extractive);
      return { ...analysis, droppedSentences: dropped, notice: analysis.notice || notice };
    };
    if (mode === 'extractive') return extractive('');
    const chat = this.options.chat;
    if (!chat) return extractive(WRITER_NOTICES.notConfigured);
    const passages = selectPassages(ranking, this.passages);
    // Nothing to give the model: the extractive analysis says why (no documents, no matching sentence).
    if (passages.length === 0) return extractive('');

    let answer: { content: string; model: string };
    try {
      answer = await chat.complete(answerPrompt(question, passages));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.logger?.warn(
        { endpoint: chat.endpoint, model: chat.model, err: reason },
        'generative analysis fell back to extractive: model unavailable',
      );
      return extractive(WRITER_NOTICES.unavailable(reason));
    }
    const checked = checkedAnswer(answer.content, passages, answer.model, ranking, this.check);
    if (checked.dropped > 0) {
      this.options.logger?.warn(
        {
          model: answer.model,
          kept: checked.kept,
          dropped: checked.dropped,
          reasons: checked.rejections.map((r) => `${r.check.reason}: ${r.check.detail}`),
        },
        'generative analysis dropped sentences whose citations did not check out',
      );
    }
    if (checked.kept > 0) return checked.analysis;
    const saidNoAnswer = checked.rejections.some((r) =>
      r.text.toLowerCase().startsWith(NO_ANSWER_SENTENCE.toLowerCase().slice(0, -1)),
    );
    return extractive(
      saidNoAnswer ? WRITER_NOTICES.noAnswer : WRITER_NOTICES.allDropped(checked.dropped),
      checked.dropped,
    );
  }

  /** BM25 over the sentences read, then the model's re-ranking when one is given (BM25's alone if it fails). */
  private async rank(question: string, documents: readonly RetrievedDocument[]): Promise<SentenceRanking> {
    const ranking = rankSentences(question, documents, this.extractive.reading);
    const { sentenceModel } = this.options;
    if (!sentenceModel) return ranking;
    try {
      return await rankWithModel(ranking, sentenceModel.model, sentenceModel.options);
    } catch (error) {
      this.options.logger?.warn({ err: String(error) }, 'sentences ranked without the model: it failed');
      return ranking;
    }
  }
}
