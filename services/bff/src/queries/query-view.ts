// The REST shapes of a stored query (QueryService) as the frontend reads them.

import type { z } from 'zod';
import type { AdminQueriesResponse, Citation, QueryFilters, QueryResponse, StoredQuery } from './queries.schemas';

export { analysisModes, type AnalysisModeName } from './analysis-modes';

/** A question's filters (every list present; null for an open date). */
export type QueryFiltersView = z.output<typeof QueryFilters>;

/** A passage of a document: [start, end) character offsets into its whole text, on `page` (0 when unpaged). */
export type CitationView = z.output<typeof Citation>;

/** A stored query: the question, its filters, the answer, the documents it read and the figures. */
export type QueryView = z.output<typeof StoredQuery>;

/** The answer: sections of cited sentences, key facts, what it is about. */
export type AnalysisView = QueryView['analysis'];

/** A sentence of the answer with the passages it cites. */
export type AnalysisSentenceView = AnalysisSectionView['sentences'][number];

/** A section of the answer. */
export type AnalysisSectionView = AnalysisView['sections'][number];

/** A fact read from a filing (a date, an amount, a party, …) with its citation. */
export type KeyFactView = AnalysisView['keyFacts'][number];

/** What kind of answer a question asks for. */
export type QuestionKindName = AnalysisView['questionKind'];

/** What the answer is about. */
export type AnswerScopeView = AnalysisView['scope'];

/** Another proceeding the question may have meant. */
export type ScopeRefinementView = AnalysisView['refinements'][number];

/** A document the query retrieved or cites, with the passages cited from it. */
export type QueryDocumentView = QueryView['documents'][number];

/** A count of the retrieved documents by one key (a month, an agency, …). */
export type CountBucketView = FigureCountsView['byAgency'][number];

/** A number read from a filing, with its citation. */
export type ExtractedNumberView = FigureCountsView['numbers'][number];

/** The retrieved documents counted, and the numbers read from them. */
export type FigureCountsView = NonNullable<FiguresView['retrieved']>;

/** The figures, limited to one proceeding when the answer is about one. */
export type FiguresView = QueryView['figures'];

/** How long each step of the query took. */
export type QueryTimingsView = QueryView['timings'];

/** Who asked, as far as this BFF's users go. */
export type QueryAuthorView = NonNullable<z.output<typeof QueryResponse>['author']>;

/** One row of the administrators' query log, with e-mail and workspace name resolved. */
export type QuerySummaryView = z.output<typeof AdminQueriesResponse>['queries'][number];

/** One server-sent event of POST /api/workspaces/:id/queries (and of GET /api/queries/:queryId/events). */
export type AskUpdate =
  | { event: 'started'; data: { queryId: string; requestId: string | null; question: string } }
  | { event: 'documents'; data: { documents: QueryDocumentView[] } }
  | { event: 'section'; data: AnalysisSectionView }
  | { event: 'figures'; data: FiguresView }
  | { event: 'completed'; data: { query: QueryView } };

/** End of an inclusive YYYY-MM-DD day, for "to" date filters. */
export function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

export function startOfDay(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}
