/**
 * @docket/query-language: the search query language (terms, "phrases", AND / OR / NOT, parentheses,
 * prefixes, field and date filters) as pure functions: parse to a typed tree, normalise, print back,
 * split off the filters, and match documents in memory (alert percolation).
 */
export * from './query-ast';
export { QuerySyntaxError } from './query-syntax.error';
export { parseQuery, MAX_NESTING } from './query-parser';
export { DEFAULT_QUERY_LIMITS, QueryCostError, type QueryLimits } from './query-limits';
export { normalizeQuery } from './query-normalize';
export { formatQuery } from './query-format';
export { collectFilters, type CollectedFilters } from './collect-filters';
export {
  compileQuery,
  documentWords,
  matchesDocument,
  type CompiledQuery,
  type MatchableDocument,
} from './query-matcher';
export { foldText, foldedWords, nameKey, normalizeDocketNumber } from './text-normalize';
export {
  MAX_FILTER_VALUES,
  MAX_FILTER_VALUE_LENGTH,
  checkSearchFilters,
  emptySearchFilters,
  filtersToQuery,
  hasSearchFilters,
  isCalendarDate,
  restrictQuery,
  validateSearchFilters,
  type SearchFilters,
} from './search-filters';
