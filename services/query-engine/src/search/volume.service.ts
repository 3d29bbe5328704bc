import { emptySearchFilters, restrictQuery } from '../domain/search-filters';
import { validateSearchRequest, type SearchRequestInput } from '../domain/search-request';
import { volumeEstimate, volumeWindow, type VolumeEstimate } from '../domain/volume-window';
import type { QueryBudget } from './index/query-budget';
import type { SearchBackend } from './index/search-backend';

export interface VolumeInput {
  query: string;
  filters?: SearchRequestInput['filters'];
  /** 0 means 30. */
  days: number;
}

/**
 * An alert's expected volume: how many documents its query and filters would have matched on each of
 * the last N UTC days, by filing date. The query and filters are checked exactly as a search's (a
 * syntax error names its column); the window is ANDed with any filed range the filters already have.
 */
export class VolumeService {
  constructor(private readonly deps: { index: SearchBackend; now?: () => Date }) {}

  async estimate(input: VolumeInput, budget: QueryBudget): Promise<VolumeEstimate> {
    const window = volumeWindow(input.days, (this.deps.now ?? (() => new Date()))());
    const valid = validateSearchRequest({
      query: input.query,
      filters: input.filters,
      limit: 0,
      sort: 'relevance',
      cursor: '',
      includeFacets: false,
    });
    const inWindow = restrictQuery(valid.query, valid.filters, {
      ...emptySearchFilters(),
      filedFrom: window.from,
      filedTo: window.to,
    });
    return volumeEstimate(window, await this.deps.index.countByDay(inWindow, budget));
  }
}
