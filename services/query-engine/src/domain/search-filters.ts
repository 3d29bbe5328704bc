// The structured filters moved to @docket/query-language, so alerts' saved searches filter exactly as search does.
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
} from '@docket/query-language';
