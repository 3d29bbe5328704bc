import { InputError, type FieldIssue } from '@docket/errors';
import { checkSearchFilters, type SearchFilters } from './search-filters';

/** One entry of a workspace's log: a search or a query (question) run in it. */
export const REQUEST_KINDS = ['search', 'query'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_SORTS = ['relevance', 'filed_newest', 'filed_oldest'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

/** A search's counts by one field (agency, filing type, docket, year, party), as it ran. */
export interface RequestFacet {
  field: string;
  buckets: { value: string; label: string; count: number }[];
}

export interface WorkspaceRequest {
  id: string;
  workspaceId: string;
  userId: string;
  kind: RequestKind;
  /** The search's query or the question. */
  text: string;
  /** The filters in force (the workspace's defaults with the request's own). */
  filters: SearchFilters;
  sort: RequestSort;
  createdAt: Date;
  tookMs: number;
  resultCount: number;
  /** More than resultCount matched (a search's count stops at a limit). */
  resultCountIsLowerBound: boolean;
  /** The stored query behind it; empty until one exists (a search gets one when first opened). */
  queryId: string;
  /** A search's facets over every match, when it counted them; empty for a question. */
  facets: RequestFacet[];
}

export interface RecordRequestInput {
  workspaceId: string;
  userId: string;
  kind: RequestKind;
  text: string;
  filters?: Partial<SearchFilters> | undefined;
  sort?: RequestSort | undefined;
  tookMs: number;
  resultCount: number;
  resultCountIsLowerBound?: boolean | undefined;
  queryId?: string | undefined;
  facets?: RequestFacet[] | undefined;
}

export const MAX_REQUEST_TEXT = 10_000;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_RECENT = 10;
export const MAX_RECENT = 50;

/** Checks what a pipeline asks to record; a mistake here is a programming error, named precisely. */
export function validateRecordRequest(input: RecordRequestInput): Omit<WorkspaceRequest, 'id' | 'createdAt'> {
  const issues: FieldIssue[] = [];
  if (!input.workspaceId.trim()) issues.push({ path: 'workspace_id', message: 'must not be empty' });
  if (!input.userId.trim()) issues.push({ path: 'user_id', message: 'must not be empty' });
  if (!(REQUEST_KINDS as readonly string[]).includes(input.kind))
    issues.push({ path: 'kind', message: `must be one of ${REQUEST_KINDS.join(', ')}` });
  const sort = input.sort ?? 'relevance';
  if (!(REQUEST_SORTS as readonly string[]).includes(sort))
    issues.push({ path: 'sort', message: `must be one of ${REQUEST_SORTS.join(', ')}` });
  const text = input.text.trim();
  if (text.length > MAX_REQUEST_TEXT)
    issues.push({ path: 'text', message: `must be at most ${MAX_REQUEST_TEXT} characters` });
  if (input.kind === 'query' && text === '') issues.push({ path: 'text', message: 'a query needs its question' });
  if (!Number.isFinite(input.tookMs) || input.tookMs < 0)
    issues.push({ path: 'took_ms', message: 'must be a duration in milliseconds, 0 or more' });
  if (!Number.isInteger(input.resultCount) || input.resultCount < 0)
    issues.push({ path: 'result_count', message: 'must be a whole number, 0 or more' });
  const { filters, issues: filterIssues } = checkSearchFilters(input.filters, 'filters');
  issues.push(...filterIssues);
  if (issues.length > 0) throw new InputError('invalid workspace request', issues);
  return {
    workspaceId: input.workspaceId.trim(),
    userId: input.userId.trim(),
    kind: input.kind,
    text,
    filters,
    sort,
    tookMs: input.tookMs,
    resultCount: input.resultCount,
    resultCountIsLowerBound: input.resultCountIsLowerBound ?? false,
    queryId: input.queryId?.trim() ?? '',
    facets: input.facets ?? [],
  };
}

/** proto3 sends 0 for "unset": 0 means the default; anything else outside 1–max is the caller's mistake. */
export function pageSize(value: number, path: string, fallback: number, max: number): number {
  const size = value === 0 ? fallback : value;
  if (!Number.isInteger(size) || size < 1 || size > max)
    throw new InputError(`invalid ${path}`, [{ path, message: `must be between 1 and ${max}` }]);
  return size;
}

/** Where a page of the log (newest first) ends: the last entry's time and id. */
export interface LogPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: LogPosition): string {
  return Buffer.from(`${position.createdAt.getTime()}:${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): LogPosition | undefined {
  if (!cursor) return undefined;
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):(.{1,200})$/.exec(decoded);
  if (!match)
    throw new InputError('invalid cursor', [{ path: 'cursor', message: 'is not a cursor this service gave out' }]);
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}
