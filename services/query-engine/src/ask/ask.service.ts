import { performance } from 'node:perf_hooks';
import { NotFoundError } from '@docket/errors';
import type { PendingEvent } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { QueryNode } from '@docket/query-language';
import type { UserActivity } from '@docket/service-kit';
import {
  decideScope,
  namedParty,
  namedPartyProceedings,
  NO_PARTY_RECORD,
  readQuestion,
  yearsIn,
  type Analysis,
  type AnalysisModeName,
  type AnalysisSection,
  type FilingSpan,
  type PartyRecord,
  type QuestionIntent,
} from '../domain/analysis';
import type { Figures } from '../domain/figures';
import type { IndexedDocument } from '../domain/indexed-document';
import {
  ANALYSED_DOCUMENTS,
  LISTED_DOCUMENTS,
  RESULT_SET_SIZE,
  validateQuestion,
  type QueryDocument,
  type StoredQuery,
} from '../domain/query';
import {
  filtersToQuery,
  hasSearchFilters,
  restrictQuery,
  validateSearchFilters,
  type SearchFilters,
} from '../domain/search-filters';
import { queryBudget, type QueryBudget, type SearchBackend } from '../search';
import { composeJob, type AnswerJob, type ComposedAnswer } from './answer-threads/answer-job';
import { answerCaseQuestion, type CaseAnswer } from './court-case-reader';
import { filingSpansOf } from './filing-spans';
import { widenToNamedDocket } from './named-docket-scope';
import { partyFilingsOf } from './party-filings';
import { proceedingFilters, readProceeding } from './proceeding-reader';
import type { QueryRepository } from './query.repository';
import { bm25Retrieve } from './retrieve';

/** One ranked result of retrieval (BM25 and vectors, fused). */
export interface RetrievedHit {
  documentId: string;
  score: number;
}

export interface Retriever {
  /** The best `k` documents for the question within `scope` (the filters as a query), best first, within `budget`. */
  retrieve(question: string, scope: QueryNode, k: number, budget?: QueryBudget): Promise<RetrievedHit[]>;
}

export interface AnswerWriter {
  /** The analysis of the best documents (in rank order); every sentence cites a passage of them. */
  write(
    question: string,
    documents: Array<{ document: IndexedDocument; score: number }>,
    mode: AnalysisModeName,
  ): Promise<Analysis>;
  /** Whether the generative mode has a model to ask (when not, a generative question is answered extractively). */
  readonly generativeConfigured?: boolean;
}

/** Composes a question's answer from plain data, off the main thread (AnswerThreads). */
export interface AnswerComposer {
  compose(job: AnswerJob): Promise<ComposedAnswer>;
}

export interface FiguresMaker {
  /** Charts over the result set, and the numbers of the passages the analysis cites. */
  make(resultSet: IndexedDocument[], analysis: Analysis): Figures;
}

/** Workspaces as the ask pipeline needs them (implemented by the workspace service). */
export interface AskWorkspaceScope {
  /** The workspace's default filters; throws NotFound for a non-member, NotAllowed for a viewer. */
  resolve(userId: string, workspaceId: string): Promise<{ defaultFilters: SearchFilters }>;
  recordRequest(request: {
    workspaceId: string;
    userId: string;
    kind: 'query';
    text: string;
    filters: SearchFilters;
    tookMs: number;
    resultCount: number;
    queryId: string;
  }): Promise<string>;
  /** Whether the user may read what was done in the workspace. */
  isMember(userId: string, workspaceId: string): Promise<boolean>;
}

export interface AskInput {
  question: string;
  filters: SearchFilters;
  userId: string;
  workspaceId: string;
  mode?: AnalysisModeName | undefined;
}

/** What the pipeline reports while it works, in this order; `completed` carries the stored query. */
export type AskUpdate =
  | { kind: 'started'; queryId: string; question: string }
  | { kind: 'documents'; documents: QueryDocument[] }
  | { kind: 'section'; section: AnalysisSection }
  | { kind: 'figures'; figures: Figures }
  | { kind: 'completed'; query: StoredQuery };

export interface AskDeps {
  index: SearchBackend;
  retriever: Retriever;
  writer: AnswerWriter;
  figures: FiguresMaker;
  /**
   * Where the analysis (but a generative answer's model call), its composition and the figures run:
   * answer threads, so the event loop serves other requests meanwhile. Without one, on this thread.
   */
  composer?: AnswerComposer | undefined;
  queries: QueryRepository;
  workspaces?: AskWorkspaceScope | undefined;
  /** queries.completed.v1 for a stored query, ready for its outbox. */
  completedEvent(query: StoredQuery): PendingEvent;
  /** Publishes the outbox of this query soon (the relay would find it anyway). */
  kick(queryId: string): void;
  defaultMode: AnalysisModeName;
  /** How long a question's retrieval and document reads may take (SEARCH_TIME_BUDGET_MS). */
  budgetMs: number;
  logger: Logger;
  /** Counts each question as a user's request, so background work waits for it (see UserActivity). */
  users?: Pick<UserActivity, 'during'> | undefined;
}

/** A question answered, before it is stored: its scope, documents, analysis and figures, and what each step took. */
interface Answered {
  filters: SearchFilters;
  ranked: Array<{ document: IndexedDocument; score: number }>;
  analysis: Analysis;
  figures: Figures;
  composed: ComposedAnswer & { readMs: number; read: IndexedDocument[] };
  retrievalMs: number;
  analysisMs: number;
  figuresMs: number;
}

/**
 * Answers a question: retrieve (fused) within the workspace's and the request's filters, read the
 * best documents, write the analysis, draw the figures, and store the whole query with its
 * queries.completed.v1 event in one write. Each step is reported as soon as it is done.
 */
export class AskService {
  constructor(private readonly deps: AskDeps) {}

  ask(input: AskInput, report: (update: AskUpdate) => void): Promise<StoredQuery> {
    return this.asUserRequest(() => this.answer(input, report));
  }

  private async answer(input: AskInput, report: (update: AskUpdate) => void): Promise<StoredQuery> {
    const started = performance.now();
    const question = validateQuestion(input.question);
    const inForce = await this.filtersInForce(input);
    const mode = input.mode ?? this.deps.defaultMode;
    const queryId = this.deps.queries.newId();
    report({ kind: 'started', queryId, question });

    // The question completes even if its asker goes away (it is stored), so only time bounds its
    // reads: each of the two (retrieval with the question's embedding, then the documents) in turn.
    const budget = () => queryBudget(this.deps.budgetMs, { caller: input.userId || undefined });
    // A question about one court case's header, parties or entries is answered from its docket's structure.
    const caseAnswer = await answerCaseQuestion(this.deps.index, question, budget);
    const answered = caseAnswer
      ? this.fromCaseRecord(caseAnswer, inForce, started, report)
      : await this.retrieveAndAnalyse(question, inForce, mode, budget, started, report);
    const { filters, ranked, analysis, figures, composed, retrievalMs, analysisMs, figuresMs } = answered;
    for (const section of analysis.sections) report({ kind: 'section', section });
    report({ kind: 'figures', figures });

    const query: StoredQuery = {
      id: queryId,
      origin: 'question',
      question,
      filters,
      userId: input.userId,
      workspaceId: input.workspaceId,
      requestId: '',
      createdAt: new Date(),
      timings: {
        retrievalMs: round(retrievalMs),
        analysisMs: round(analysisMs),
        figuresMs: round(figuresMs),
        totalMs: round(performance.now() - started),
      },
      mode: analysis.mode,
      resultIds: ranked.map((r) => r.document.id),
      analysis,
      documents: listDocuments(ranked, analysis, composed.read),
      figures,
    };
    if (input.workspaceId && this.deps.workspaces) {
      // The log entry first, so the stored query (and its event) already names it.
      query.requestId = await this.deps.workspaces.recordRequest({
        workspaceId: input.workspaceId,
        userId: input.userId,
        kind: 'query',
        text: question,
        filters,
        tookMs: query.timings.totalMs,
        resultCount: ranked.length,
        queryId,
      });
    }
    await this.deps.queries.insert(query, [this.deps.completedEvent(query)]);
    this.deps.kick(queryId);
    this.deps.logger.info(
      {
        queryId,
        workspaceId: input.workspaceId,
        tookMs: query.timings.totalMs,
        ...query.timings,
        // Of analysisMs + figuresMs: the proceeding's reads, and the analysis's and figures' own work
        // where it ran; the rest was waiting for the answer thread and copies to and from it.
        readMs: round(composed.readMs),
        answerWorkMs: round(composed.analysisMs + composed.figuresMs),
        results: ranked.length,
      },
      'query answered',
    );
    report({ kind: 'completed', query });
    return query;
  }

  /**
   * Retrieval within the filters in force (widened to a docket the question names),
   * then the analysis of what it found.
   */
  private async retrieveAndAnalyse(
    question: string,
    inForce: SearchFilters,
    mode: AnalysisModeName,
    budget: () => QueryBudget,
    started: number,
    report: (update: AskUpdate) => void,
  ): Promise<Answered> {
    // A docket the question names is answered for, even where the filters in force leave it out.
    const widened = await widenToNamedDocket(this.deps.index, question, inForce, budget);
    const filters = widened?.filters ?? inForce;
    const hits = await this.deps.retriever.retrieve(question, filtersToQuery(filters), RESULT_SET_SIZE, budget());
    const resultSet = await this.fetchResultSet(
      hits.map((hit) => hit.documentId),
      budget,
    );
    const byId = new Map(resultSet.map((document) => [document.id, document]));
    const ranked = hits.flatMap((hit) => {
      const document = byId.get(hit.documentId);
      return document ? [{ document, score: hit.score }] : [];
    });
    const retrievalMs = performance.now() - started;
    report({ kind: 'documents', documents: listDocuments(ranked, undefined) });

    // The analysis and the figures are made together (on an answer thread); the figures' share is
    // their own time there, the analysis's the rest (the proceeding's reads, waiting for the thread, copies).
    const analysisStarted = performance.now();
    const composed = await this.analyse(question, ranked, filters, mode, budget, widened?.notice);
    const analysisMs = performance.now() - analysisStarted - composed.figuresMs;
    return {
      filters,
      ranked,
      analysis: composed.analysis,
      figures: composed.figures,
      composed,
      retrievalMs,
      analysisMs,
      figuresMs: composed.figuresMs,
    };
  }

  /** A court case's answer: its docket report and the entries it quotes are its documents. */
  private fromCaseRecord(
    answer: CaseAnswer,
    filters: SearchFilters,
    started: number,
    report: (update: AskUpdate) => void,
  ): Answered {
    const ranked = answer.documents.map((document) => ({ document, score: 0 }));
    const retrievalMs = performance.now() - started;
    report({ kind: 'documents', documents: listDocuments(ranked, undefined) });
    const figuresStarted = performance.now();
    const figures = this.deps.figures.make(answer.documents, answer.analysis);
    const figuresMs = performance.now() - figuresStarted;
    const composed = {
      analysis: answer.analysis,
      figures,
      analysisMs: 0,
      figuresMs,
      readMs: 0,
      read: answer.documents,
    };
    return { filters, ranked, analysis: answer.analysis, figures, composed, retrievalMs, analysisMs: 0, figuresMs };
  }

  /**
   * Stores a workspace search as a query (origin 'search') so its log entry has the same three views:
   * its results are the documents, and the analysis and figures are written when first opened.
   */
  async recordSearch(input: {
    text: string;
    filters: SearchFilters;
    userId: string;
    workspaceId: string;
    tookMs: number;
    hits: Array<{
      documentId: string;
      title: string;
      score: number;
      sourceId: string;
      sourceName: string;
      docketNumber: string;
      filingCategory: string;
      filedAt?: Date | undefined;
    }>;
  }): Promise<string> {
    const queryId = this.deps.queries.newId();
    await this.deps.queries.insert(
      {
        id: queryId,
        origin: 'search',
        question: input.text,
        filters: input.filters,
        userId: input.userId,
        workspaceId: input.workspaceId,
        requestId: '',
        createdAt: new Date(),
        timings: { retrievalMs: input.tookMs, analysisMs: 0, figuresMs: 0, totalMs: input.tookMs },
        mode: this.deps.defaultMode,
        resultIds: input.hits.map((hit) => hit.documentId),
        documents: input.hits.map((hit, index) => ({ ...hit, rank: index + 1, passages: [] })),
      },
      [],
    );
    return queryId;
  }

  /**
   * A stored query, for its author, the members of its workspace, or an administrator. Anyone else
   * gets NotFound, so a query's existence does not leak. A search's analysis is written on first read.
   */
  get(queryId: string, userId: string, asAdmin: boolean): Promise<StoredQuery> {
    return this.asUserRequest(() => this.read(queryId, userId, asAdmin));
  }

  private async read(queryId: string, userId: string, asAdmin: boolean): Promise<StoredQuery> {
    const query = await this.deps.queries.find(queryId);
    if (!query || !(await this.mayRead(query, userId, asAdmin))) throw new NotFoundError(`query ${queryId} not found`);
    if (query.analysis) return query;
    return this.completeSearchAnalysis(query);
  }

  /**
   * The result set's documents: whole texts for those the analysis may read, the others' openings
   * only (the figures count metadata; a proceeding's title may come from a filing's caption). Whole
   * texts of 200 filings were most of a question's reads: inflated, then copied between threads.
   */
  private async fetchResultSet(ids: string[], budget: () => QueryBudget): Promise<IndexedDocument[]> {
    const [read, counted] = await Promise.all([
      this.deps.index.fetch(ids.slice(0, ANALYSED_DOCUMENTS), budget()),
      ids.length > ANALYSED_DOCUMENTS
        ? this.deps.index.fetch(ids.slice(ANALYSED_DOCUMENTS), budget(), { textChars: OPENING_CHARS })
        : [],
    ]);
    return [...read, ...counted];
  }

  private asUserRequest<T>(work: () => Promise<T>): Promise<T> {
    return this.deps.users ? this.deps.users.during(work) : work();
  }

  private async completeSearchAnalysis(query: StoredQuery): Promise<StoredQuery> {
    const started = performance.now();
    const documents = await this.deps.index.fetch(query.resultIds);
    const scores = new Map(query.documents.map((d) => [d.documentId, d.score]));
    const ranked = documents.map((document) => ({ document, score: scores.get(document.id) ?? 0 }));
    const { analysis, figures, read } = await this.analyse(query.question, ranked, query.filters, query.mode, () =>
      queryBudget(this.deps.budgetMs),
    );
    const analysisMs = round(performance.now() - started);
    await this.deps.queries.completeAnalysis(query.id, analysis, figures, analysisMs);
    return {
      ...query,
      analysis,
      figures,
      documents: listDocuments(ranked, analysis, read),
      timings: { ...query.timings, analysisMs },
    };
  }

  /**
   * Decides what the question is about (one proceeding, a party, a comparison), reads that
   * proceeding's record when the question asks for part of it, and writes the answer over the best
   * documents of that scope: the record's facts first, then the analysis, every claim attributed;
   * and draws the figures over the result set. The reads run here; the writing and drawing (pure,
   * CPU-heavy) on an answer thread when there is one, except a generative answer's model call.
   */
  private async analyse(
    question: string,
    ranked: Array<{ document: IndexedDocument; score: number }>,
    filters: SearchFilters,
    mode: AnalysisModeName,
    budget: () => QueryBudget,
    note = '',
  ): Promise<ComposedAnswer & { readMs: number; read: IndexedDocument[] }> {
    const intent = readQuestion(question);
    const decision = decideScope(
      question,
      intent,
      ranked.map((r) => r.document),
      filters.dockets,
      await this.partyRecord(question, intent, ranked, filters, budget),
    );
    let analysed = ranked.slice(0, ANALYSED_DOCUMENTS);
    let proceeding: IndexedDocument[] = [];
    let unread = '';
    const readStarted = performance.now();
    if (decision.scope.kind === 'proceeding') {
      const scope = restrictQuery(filtersToQuery(filters), proceedingFilters(decision.scope));
      try {
        [analysed, proceeding] = await Promise.all([
          this.bestWithin(question, scope, intent.party, budget),
          readProceeding(this.deps.index, decision.scope, intent, budget()),
        ]);
      } catch (error) {
        // The answer over the documents already retrieved beats no answer: say what could not be read.
        const reason = error instanceof Error ? error.message : String(error);
        this.deps.logger.warn(
          { err: reason, docket: decision.scope.docketNumber },
          'the proceeding could not be read within the budget',
        );
        unread =
          `The filings of docket ${decision.scope.docketNumber} could not be read in time (${reason}); ` +
          `this answer draws on the documents retrieved first.`;
      }
    }
    if (intent.party) analysed = ownFilingsFirst(analysed, proceeding, intent.party);
    const readMs = performance.now() - readStarted;
    // What the answer may cite beyond the result set: the proceeding's best documents and its record.
    const read = [...analysed.map((r) => r.document), ...proceeding];
    const job: AnswerJob = {
      question,
      mode,
      analysed,
      ranked,
      proceeding,
      intent,
      decision,
      notes: [note, unread].filter(Boolean).join(' '),
    };
    const composer = this.deps.composer;
    if (!composer) return { ...(await composeJob(job, this.deps)), readMs, read };
    // The model is asked over HTTP from here (its ranking of sentences too); the thread composes its answer.
    if (mode === 'generative' && this.deps.writer.generativeConfigured)
      job.base = await this.deps.writer.write(question, analysed, mode);
    return { ...(await composer.compose(job)), readMs, read };
  }

  /**
   * What the index holds about a company a record question names (its recent filings, and when it
   * has several proceedings each one's first and last filing): which of them the question means is
   * told by all their filings, not by the few retrieved.
   */
  private async partyRecord(
    question: string,
    intent: QuestionIntent,
    ranked: Array<{ document: IndexedDocument }>,
    filters: SearchFilters,
    budget: () => QueryBudget,
  ): Promise<PartyRecord> {
    if (intent.kind === 'general' || filters.dockets.length > 0) return NO_PARTY_RECORD;
    const documents = ranked.map((r) => r.document);
    const party = namedParty(question, documents, intent);
    if (party === '') return NO_PARTY_RECORD;
    const filings = await partyFilingsOf(this.deps.index, party, filters, yearsIn(question), budget);
    // Two small listings each: the company's proceedings that lead, not every one it ever took part in.
    const proceedings = namedPartyProceedings(question, documents, filings).slice(0, SPANNED_PROCEEDINGS);
    const spans =
      proceedings.length > 0
        ? await filingSpansOf(this.deps.index, proceedings, budget)
        : new Map<string, FilingSpan>();
    return { filings, spans };
  }

  /**
   * The best documents for the question within a proceeding; a named party's own filings first.
   * BM25 alone: within one docket the words decide, and the question's embedding is not needed again.
   */
  private async bestWithin(
    question: string,
    scope: QueryNode,
    party: string,
    budget: () => QueryBudget,
  ): Promise<Array<{ document: IndexedDocument; score: number }>> {
    const hits = await bm25Retrieve(this.deps.index, question, scope, party ? 50 : ANALYSED_DOCUMENTS, budget());
    const documents = await this.deps.index.fetch(
      hits.map((hit) => hit.documentId),
      budget(),
    );
    const scores = new Map(hits.map((hit) => [hit.documentId, hit.score]));
    let ranked = documents.map((document) => ({ document, score: scores.get(document.id) ?? 0 }));
    if (party) {
      const wanted = party.toLowerCase();
      const own = ranked.filter((r) => r.document.filers.some((filer) => filer.toLowerCase().includes(wanted)));
      if (own.length > 0) ranked = [...own, ...ranked.filter((r) => !own.includes(r))];
    }
    return ranked.slice(0, ANALYSED_DOCUMENTS);
  }

  private async mayRead(query: StoredQuery, userId: string, asAdmin: boolean): Promise<boolean> {
    if (asAdmin || (userId && query.userId === userId)) return true;
    if (!userId || !query.workspaceId || !this.deps.workspaces) return false;
    return this.deps.workspaces.isMember(userId, query.workspaceId);
  }

  /**
   * The request's filters when it brings any, otherwise the workspace's defaults — as for searches:
   * the filter panel starts from the defaults and sends what the user kept.
   */
  private async filtersInForce(input: AskInput): Promise<SearchFilters> {
    const own = validateSearchFilters(input.filters);
    if (!input.workspaceId) return own;
    if (!this.deps.workspaces) throw new NotFoundError(`workspace ${input.workspaceId} not found`);
    const { defaultFilters } = await this.deps.workspaces.resolve(input.userId, input.workspaceId);
    return hasSearchFilters(own) ? own : defaultFilters;
  }
}

/**
 * The listed documents: the best of the result set, and every document the answer cites (in its
 * sentences or its key facts) wherever it ranked. A cited document the retrieval did not return (a
 * filing of the proceeding's record, read for it) follows them with rank 0. Each carries the passages
 * cited from it, in the analysis's reading order (sentences, then key facts).
 */
function listDocuments(
  ranked: Array<{ document: IndexedDocument; score: number }>,
  analysis: Analysis | undefined,
  read: IndexedDocument[] = [],
): QueryDocument[] {
  const cited = new Map<string, QueryDocument['passages']>();
  const cite = (citation: QueryDocument['passages'][number]) => {
    const list = cited.get(citation.documentId) ?? [];
    if (!list.some((c) => c.start === citation.start && c.end === citation.end)) list.push(citation);
    cited.set(citation.documentId, list);
  };
  for (const section of analysis?.sections ?? [])
    for (const sentence of section.sentences) sentence.citations.forEach(cite);
  for (const fact of analysis?.keyFacts ?? []) if (fact.citation) cite(fact.citation);

  const rankOf = new Map(ranked.map((r, index) => [r.document.id, index + 1]));
  const listed = ranked
    .filter((r, index) => index < LISTED_DOCUMENTS || cited.has(r.document.id))
    .map((r) => ({ ...r, rank: rankOf.get(r.document.id) ?? 0 }));
  const readById = new Map(read.map((document) => [document.id, document]));
  for (const documentId of cited.keys()) {
    const document = rankOf.has(documentId) ? undefined : readById.get(documentId);
    if (document) listed.push({ document, score: 0, rank: 0 });
  }
  return listed.map(({ document, score, rank }) => ({
    documentId: document.id,
    title: document.title,
    sourceId: document.sourceId,
    sourceName: document.sourceName,
    docketNumber: document.docketNumber,
    filingCategory: document.filingCategory,
    filedAt: document.filedAt,
    rank,
    score,
    passages: cited.get(document.id) ?? [],
  }));
}

/**
 * How much of a text beyond the analysed documents a question reads:
 * a filing's caption is in its first 800 characters.
 */
const OPENING_CHARS = 1_000;
/** How many of a named company's proceedings have their first and last filings looked up. */
const SPANNED_PROCEEDINGS = 12;

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * The filings of the party a question asks about lead the documents analysed,
 * those the proceeding's reading found too.
 */
function ownFilingsFirst(
  analysed: Array<{ document: IndexedDocument; score: number }>,
  proceeding: readonly IndexedDocument[],
  party: string,
): Array<{ document: IndexedDocument; score: number }> {
  const wanted = party.toLowerCase();
  const isOwn = (document: IndexedDocument) => document.filers.some((filer) => filer.toLowerCase().includes(wanted));
  const have = new Set(analysed.map((r) => r.document.id));
  const found = proceeding.filter((d) => isOwn(d) && !have.has(d.id)).map((document) => ({ document, score: 0 }));
  if (found.length === 0) return analysed;
  const own = analysed.filter((r) => isOwn(r.document));
  return [...own, ...found, ...analysed.filter((r) => !isOwn(r.document))].slice(0, ANALYSED_DOCUMENTS);
}
