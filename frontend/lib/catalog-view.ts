// Filtering and sorting the catalog's sources from the page's search params (server-side, no JS needed).
import type { Source } from './types';

export const SOURCE_SORTS = ['name', 'documents', 'latest'] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];

export interface SourceFilter {
  q: string;
  /** '' for every kind. */
  kind: string;
  sort: SourceSort;
}

export function parseSourceFilter(params: Record<string, string | string[] | undefined>): SourceFilter {
  const one = (key: string) => {
    const value = params[key];
    return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
  };
  const sort = one('sort');
  return {
    q: one('q'),
    kind: one('kind'),
    sort: (SOURCE_SORTS as readonly string[]).includes(sort) ? (sort as SourceSort) : 'name',
  };
}

export function filterAndSortSources(sources: Source[], filter: SourceFilter): Source[] {
  const needle = filter.q.toLowerCase();
  const matches = sources.filter((s) => {
    if (filter.kind && s.kind !== filter.kind) return false;
    if (!needle) return true;
    return [s.name, s.shortName, s.jurisdiction, s.state, ...s.industries].some((field) =>
      field.toLowerCase().includes(needle),
    );
  });
  const byName = (a: Source, b: Source) => a.name.localeCompare(b.name);
  const compare: Record<SourceSort, (a: Source, b: Source) => number> = {
    name: byName,
    documents: (a, b) => b.documentCount - a.documentCount || byName(a, b),
    // Sources that never filed anything go last.
    latest: (a, b) => (b.lastFiledAt ?? '').localeCompare(a.lastFiledAt ?? '') || byName(a, b),
  };
  return [...matches].sort(compare[filter.sort]);
}

/** The most frequent filing types, by native name. */
export function topFilingTypes(source: Source, limit = 3): { native: string; count: number }[] {
  return [...source.filingTypes].sort((a, b) => b.count - a.count).slice(0, limit);
}
