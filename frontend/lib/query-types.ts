// The BFF's query and workspace-log API as the query pages read it: aliases of the types generated
// from its OpenAPI document (lib/api/schema.d.ts).
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type Filters = Schemas['WorkspaceFilters'];
export type Citation = Schemas['Citation'];
export type AnalysisSection = Schemas['AnalysisSection'];
export type AnalysisSentence = AnalysisSection['sentences'][number];
export type KeyFact = Schemas['KeyFact'];
export type Analysis = Schemas['Analysis'];
export type AnswerScope = Schemas['AnswerScope'];
export type ScopeRefinement = Schemas['ScopeRefinement'];
export type AnalysisMode = NonNullable<Analysis['mode']>;
export type QueryDocument = Schemas['QueryDocument'];
export type CountBucket = Schemas['CountBucket'];
export type ExtractedNumber = Schemas['ExtractedNumber'];
export type Figures = Schemas['Figures'];
/** The counts without their scope: what `retrieved` holds. */
export type FigureCounts = NonNullable<Figures['retrieved']>;
export type Query = Schemas['Query'];
export type QueryWithAuthor = Schemas['QueryWithAuthor'];
/** Who asked a query (a workspace log entry's user has more: Schemas['Person']). */
export type Person = NonNullable<QueryWithAuthor['author']>;
export type QuerySummary = Schemas['QuerySummary'];
export type Workspace = Schemas['Workspace'];
export type WorkspaceRole = NonNullable<Workspace['role']>;
export type WorkspaceRequest = Schemas['WorkspaceRequest'];
export type RequestKind = WorkspaceRequest['kind'];

export const QUERY_VIEWS = ['analysis', 'documents', 'figures'] as const;
export type QueryViewName = (typeof QUERY_VIEWS)[number];

export function isQueryView(value: string): value is QueryViewName {
  return (QUERY_VIEWS as readonly string[]).includes(value);
}
