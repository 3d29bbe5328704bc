/** What the search feature offers the rest of the service. */
export { queryBudget } from './index/query-budget';
export type { QueryBudget } from './index/query-budget';
export { DEFAULT_READ_BUDGET_MS } from './index/search-backend';
export type {
  DayCount,
  FetchOptions,
  IndexBuild,
  RankedDocument,
  SearchBackend,
  SearchQuery,
  SearchResult,
  UpsertOutcome,
  WriteCost,
} from './index/search-backend';
export { deserializeError, serializeError } from './index/sqlite/search-threads/thread-messages';
export type { SerializedError } from './index/sqlite/search-threads/thread-messages';
