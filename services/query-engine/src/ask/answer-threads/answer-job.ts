import { performance } from 'node:perf_hooks';
import { normalizeDocketNumber } from '@docket/query-language';
import {
  composeAnswer,
  scopedQuestion,
  type Analysis,
  type AnalysisModeName,
  type QuestionIntent,
  type ScopeDecision,
} from '../../domain/analysis';
import type { Figures } from '../../domain/figures';
import type { IndexedDocument } from '../../domain/indexed-document';

/** One of a question's documents with its retrieval score. */
export interface RankedDocument {
  document: IndexedDocument;
  score: number;
}

/**
 * The CPU-heavy, pure part of answering a question, as plain data (structured-cloneable, so it can
 * cross to an answer thread): the documents are read, the decisions needing I/O already taken.
 */
export interface AnswerJob {
  question: string;
  mode: AnalysisModeName;
  /** The documents the analysis reads, best first. */
  analysed: RankedDocument[];
  /**
   * The analysis already written (the generative mode's model call stays on the main thread): the
   * job then only composes it. Absent: the job writes it itself (extractive; generative without a model).
   */
  base?: Analysis | undefined;
  /** The whole result set, in rank order (its documents beyond the analysed ones may hold only their opening). */
  ranked: RankedDocument[];
  /** The proceeding's filings read for its record (none unless the answer is about one proceeding). */
  proceeding: IndexedDocument[];
  intent: QuestionIntent;
  decision: ScopeDecision;
  /**
   * What the answer must say besides what it found, in its notice: a named docket the filters left
   * out, a proceeding that could not be read in time ('' when nothing).
   */
  notes: string;
  /** The day the answer is written (YYYY-MM-DD; default: today): dates before it are told as past. */
  today?: string | undefined;
}

export interface ComposedAnswer {
  analysis: Analysis;
  figures: Figures;
  /** CPU time of each part where it ran (not counting a wait for the thread or the copies to and from it). */
  analysisMs: number;
  figuresMs: number;
}

/** What a job needs to write and draw (the AskService's AnswerWriter and FiguresMaker). */
export interface AnswerParts {
  writer: { write(question: string, documents: RankedDocument[], mode: AnalysisModeName): Promise<Analysis> };
  figures: { make(resultSet: IndexedDocument[], analysis: Analysis): Figures };
}

/**
 * Writes the analysis of a question's best documents (unless it comes written), composes the answer
 * with the proceeding's record (scope first, the record's facts, every claim attributed), and draws
 * the figures over the result set. Pure apart from the writer: the same on any thread.
 */
export async function composeJob(job: AnswerJob, parts: AnswerParts): Promise<ComposedAnswer> {
  const started = performance.now();
  const base =
    job.base ?? (await parts.writer.write(scopedQuestion(job.question, job.decision.scope), job.analysed, job.mode));
  const documents = new Map([...job.ranked, ...job.analysed].map((r) => [r.document.id, r.document]));
  for (const document of job.proceeding) documents.set(document.id, document);
  const today = job.today ?? new Date().toISOString().slice(0, 10);
  const answer = composeAnswer(base, {
    intent: job.intent,
    decision: job.decision,
    proceeding: job.proceeding,
    documents,
    today,
  });
  const analysis = job.notes ? { ...answer, notice: [job.notes, answer.notice].filter(Boolean).join(' ') } : answer;
  const analysisMs = performance.now() - started;
  const figuresStarted = performance.now();
  const figures = figuresOf(job, analysis, parts);
  return { analysis, figures, analysisMs, figuresMs: performance.now() - figuresStarted };
}

/**
 * The figures of what the answer is about: for one proceeding, its filings among those retrieved and
 * read (with the figures over everything retrieved beside them); else everything retrieved.
 */
function figuresOf(job: AnswerJob, analysis: Analysis, parts: AnswerParts): Figures {
  const retrieved = parts.figures.make(
    job.ranked.map((r) => r.document),
    analysis,
  );
  const { scope } = analysis;
  if (scope.kind !== 'proceeding') return retrieved;
  const docket = normalizeDocketNumber(scope.docketNumber);
  const inScope = new Map<string, IndexedDocument>();
  for (const document of [...job.ranked.map((r) => r.document), ...job.proceeding]) {
    if (
      normalizeDocketNumber(document.docketNumber) === docket &&
      (!scope.sourceId || document.sourceId === scope.sourceId)
    )
      inScope.set(document.id, document);
  }
  return { ...parts.figures.make([...inScope.values()], analysis), scopeDocketNumber: scope.docketNumber, retrieved };
}
