// The search pages (a workspace's, and /search across every filing: workspace id '') keep their whole
// state in the URL (shareable, back/forward work): q, agency*, type*, docket*, party*, from, to,
// sort, and f=1 once the filters are the user's own (before that a workspace's panel starts from its
// default filters). Pure and unit-tested.
import type { components, paths } from '@/lib/api/schema';

type RecordedSearchRequest = components['schemas']['RecordedSearchRequest'];

export type SearchSort = NonNullable<NonNullable<paths['/api/search']['get']['parameters']['query']>['sort']>;
export const SEARCH_SORTS: readonly SearchSort[] = ['relevance', 'newest', 'oldest'];

export interface SearchFilterState {
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  from: string;
  to: string;
}

export interface SearchState {
  q: string;
  filters: SearchFilterState;
  sort: SearchSort;
  /** The filters came from the URL (the user's), not from the workspace's defaults. */
  own: boolean;
}

export type RawParams = Record<string, string | string[] | undefined>;

export type ListField = 'agencies' | 'filingTypes' | 'dockets' | 'parties';

/** URL parameter of each list filter (the BFF's GET /api/search names). */
export const PARAM_OF: Record<ListField, string> = {
  agencies: 'agency',
  filingTypes: 'type',
  dockets: 'docket',
  parties: 'party',
};

const list = (value: string | string[] | undefined): string[] => {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    if (v && !seen.has(v.toLowerCase())) {
      seen.add(v.toLowerCase());
      out.push(v);
    }
  }
  return out;
};
const one = (value: string | string[] | undefined): string => ((Array.isArray(value) ? value[0] : value) ?? '').trim();

export function emptyFilters(): SearchFilterState {
  return { agencies: [], filingTypes: [], dockets: [], parties: [], from: '', to: '' };
}

export function hasAnyFilter(f: SearchFilterState): boolean {
  return (
    f.agencies.length + f.filingTypes.length + f.dockets.length + f.parties.length > 0 || f.from !== '' || f.to !== ''
  );
}

/** Reads the page's URL; without filters of the user's own, the workspace's defaults fill the panel. */
export function parseSearchState(params: RawParams, defaults: SearchFilterState): SearchState {
  const fromUrl: SearchFilterState = {
    agencies: list(params.agency),
    filingTypes: list(params.type),
    dockets: list(params.docket),
    parties: list(params.party),
    from: one(params.from),
    to: one(params.to),
  };
  const own = one(params.f) === '1' || hasAnyFilter(fromUrl);
  const sort = one(params.sort);
  return {
    q: one(params.q),
    filters: own
      ? fromUrl
      : {
          ...defaults,
          agencies: [...defaults.agencies],
          filingTypes: [...defaults.filingTypes],
          dockets: [...defaults.dockets],
          parties: [...defaults.parties],
        },
    sort: (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : 'relevance',
    own,
  };
}

/** Whether the page should search: something was asked (a query, or filters the user set). */
export function shouldSearch(params: RawParams): boolean {
  return (
    one(params.q) !== '' ||
    one(params.f) === '1' ||
    ['agency', 'type', 'docket', 'party', 'from', 'to'].some((k) => one(params[k]) !== '')
  );
}

function appendFilters(params: URLSearchParams, f: SearchFilterState): void {
  for (const field of Object.keys(PARAM_OF) as ListField[]) f[field].forEach((v) => params.append(PARAM_OF[field], v));
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
}

/** The search page of a workspace, or /search for '' (every filing, outside any workspace). */
export function searchPath(workspaceId: string): string {
  return workspaceId ? `/workspaces/${encodeURIComponent(workspaceId)}/search` : '/search';
}

/** The page's own URL for a state (the filters marked as the user's). */
export function pageHref(
  workspaceId: string,
  state: { q: string; filters: SearchFilterState; sort: SearchSort },
): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  appendFilters(params, state.filters);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  params.set('f', '1');
  return `${searchPath(workspaceId)}?${params.toString()}`;
}

/** POST /api/search's body for a state: the same search, added to the workspace's log. */
export function recordBody(
  workspaceId: string,
  state: { q: string; filters: SearchFilterState; sort: SearchSort },
  limit: number,
): RecordedSearchRequest {
  const f = state.filters;
  return {
    workspace: workspaceId,
    q: state.q,
    agency: f.agencies,
    type: f.filingTypes,
    docket: f.dockets,
    party: f.parties,
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    sort: state.sort,
    limit,
    // The log entry keeps the facets as counted now.
    facets: true,
  };
}

/** GET /api/search's parameters for a state (inside the workspace when one is given; a read, never logged). */
export function apiParams(
  workspaceId: string,
  state: { q: string; filters: SearchFilterState; sort: SearchSort },
  extra: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams(workspaceId ? { workspace: workspaceId } : {});
  if (state.q) params.set('q', state.q);
  appendFilters(params, state.filters);
  params.set('sort', state.sort);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

export function withValue(f: SearchFilterState, field: ListField, value: string): SearchFilterState {
  if (f[field].some((v) => v.toLowerCase() === value.toLowerCase())) return f;
  return { ...f, [field]: [...f[field], value] };
}

export function withoutValue(f: SearchFilterState, field: ListField, value: string): SearchFilterState {
  return { ...f, [field]: f[field].filter((v) => v !== value) };
}

/** A year facet filters by the whole year. */
export function withYear(f: SearchFilterState, year: string): SearchFilterState {
  return { ...f, from: `${year}-01-01`, to: `${year}-12-31` };
}

/**
 * The log entry a recorded search became, in the page's address: a reload or Back shows it instead of
 * logging again.
 */
export const ENTRY_PARAM = 'entry';

/** The page's address with the log entry it became (`entry=`). */
export function withEntry(href: string, requestId: string): string {
  const url = new URL(href, 'http://same.site');
  url.searchParams.set(ENTRY_PARAM, requestId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The 1-based column named in a query-language error ("… at column 7 …"), if any. */
export function errorColumn(message: string): number | null {
  const match = /\bcolumn (\d+)\b/.exec(message);
  return match ? Number(match[1]) : null;
}
