import type { AdminQueryFilters } from '@/lib/bff.server';

/** The query log's address with these filters changed by `patch`: its first page unless `patch` names a cursor. */
export function queryLogHref(filters: AdminQueryFilters, patch: Partial<AdminQueryFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor: undefined, ...patch }))
    if (value) params.set(key, value);
  const query = params.toString();
  return `/admin/queries/log${query ? `?${query}` : ''}`;
}
