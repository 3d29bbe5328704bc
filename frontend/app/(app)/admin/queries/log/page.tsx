import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/query/query.module.css';
import { FormError } from '@/components/ui/form-error';
import { listAdminQueries, type AdminQueryFilters } from '@/lib/bff.server';
import { requireAdmin } from '@/lib/require-admin.server';
import { QueryLogFilters } from './query-log-filters';
import { queryLogHref } from './query-log-href';
import { QueryLogTable } from './query-log-table';

export const metadata: Metadata = { title: 'Query log' };

type Search = Record<'user' | 'workspace' | 'from' | 'to' | 'minMs' | 'mode' | 'cursor', string | string[] | undefined>;

const FIELDS = ['user', 'workspace', 'from', 'to', 'minMs', 'mode'] as const;

function first(value: string | string[] | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

/** Administrators: every question asked, newest first, filtered by user, workspace, days, latency and mode. */
export default async function AdminQueryLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin();
  const search = await searchParams;
  const filters: AdminQueryFilters = Object.fromEntries(FIELDS.map((f) => [f, first(search[f])]).filter(([, v]) => v));
  const cursor = first(search.cursor);
  const result = await listAdminQueries({ ...filters, cursor });
  const issues = result.ok ? {} : result.issues;
  const filtered = FIELDS.some((f) => filters[f]);

  return (
    <div className="page page-wide">
      <div className="page-header">
        <div>
          <h1>Query log</h1>
          <p>
            Every question asked in the organisation, newest first, with the time it took and the mode that answered it.
          </p>
        </div>
      </div>

      {/* Keyed by the filters: uncontrolled inputs keep stale values across soft navigations otherwise. */}
      <QueryLogFilters key={queryLogHref(filters, {})} filters={filters} issues={issues} filtered={filtered} />

      {!result.ok ? (
        <FormError
          message={Object.keys(issues).length > 0 ? 'Check the filters marked above.' : result.message}
          testId="query-log-error"
        />
      ) : (
        <section className="card" aria-label="Queries">
          {result.queries.length === 0 ? (
            <div className="empty-state" data-testid="query-log-empty">
              <h2>
                {filtered
                  ? 'No query matches these filters'
                  : cursor
                    ? 'No older queries'
                    : 'No questions have been asked yet'}
              </h2>
              {filtered || cursor ? (
                <p>
                  <Link href="/admin/queries/log">Show the newest queries</Link>
                </p>
              ) : null}
            </div>
          ) : (
            <QueryLogTable queries={result.queries} filters={filters} />
          )}
          {cursor || result.nextCursor ? (
            <nav className={styles.pager} aria-label="Query log pages">
              {cursor ? (
                <Link className="btn btn-sm" href={queryLogHref(filters, {})}>
                  ← Newest
                </Link>
              ) : (
                <span />
              )}
              {result.nextCursor ? (
                <Link
                  className="btn btn-sm"
                  href={queryLogHref(filters, { cursor: result.nextCursor })}
                  rel="next"
                  data-testid="query-log-older"
                >
                  Older →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}
