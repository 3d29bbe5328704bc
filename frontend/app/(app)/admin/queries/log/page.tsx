import type { Metadata } from 'next';
import Link from 'next/link';
import { ModeBadge } from '@/components/query/mode-badge';
import { formatMs } from '@/components/query/query-views';
import styles from '@/components/query/query.module.css';
import { FieldError, FormError } from '@/components/ui/form-error';
import { listAdminQueries, type AdminQueryFilters } from '@/lib/bff.server';
import { formatDateTime, formatNumber } from '@/lib/format';
import { requireAdmin } from '@/lib/require-admin.server';

export const metadata: Metadata = { title: 'Query log' };

type Search = Record<'user' | 'workspace' | 'from' | 'to' | 'minMs' | 'mode' | 'cursor', string | string[] | undefined>;

const FIELDS = ['user', 'workspace', 'from', 'to', 'minMs', 'mode'] as const;

function first(value: string | string[] | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

function hrefWith(filters: AdminQueryFilters, patch: Partial<AdminQueryFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor: undefined, ...patch }))
    if (value) params.set(key, value);
  const query = params.toString();
  return `/admin/queries/log${query ? `?${query}` : ''}`;
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
      <form
        key={hrefWith(filters, {})}
        className="card card-body"
        method="get"
        action="/admin/queries/log"
        aria-label="Filter the query log"
        style={{ marginBottom: 'var(--space-5)' }}
      >
        <div className={styles.filtersForm}>
          <div className="field">
            <label className="label" htmlFor="f-user">
              User (e-mail)
            </label>
            <input
              id="f-user"
              name="user"
              type="email"
              className="input"
              defaultValue={filters.user}
              placeholder="name@example.com"
              aria-invalid={issues.user ? true : undefined}
              data-testid="filter-user"
            />
            <FieldError id="f-user-error" message={issues.user} />
          </div>
          <div className="field">
            <label className="label" htmlFor="f-workspace">
              Workspace ID
            </label>
            <input
              id="f-workspace"
              name="workspace"
              className="input"
              defaultValue={filters.workspace}
              aria-invalid={issues.workspace ? true : undefined}
              data-testid="filter-workspace"
            />
            <FieldError id="f-workspace-error" message={issues.workspace} />
          </div>
          <div className="field">
            <label className="label" htmlFor="f-from">
              From
            </label>
            <input
              id="f-from"
              name="from"
              type="date"
              className="input"
              defaultValue={filters.from}
              aria-invalid={issues.from ? true : undefined}
              data-testid="filter-from"
            />
            <FieldError id="f-from-error" message={issues.from} />
          </div>
          <div className="field">
            <label className="label" htmlFor="f-to">
              To
            </label>
            <input
              id="f-to"
              name="to"
              type="date"
              className="input"
              defaultValue={filters.to}
              aria-invalid={issues.to ? true : undefined}
              data-testid="filter-to"
            />
            <FieldError id="f-to-error" message={issues.to} />
          </div>
          <div className="field">
            <label className="label" htmlFor="f-min">
              Took at least (ms)
            </label>
            <input
              id="f-min"
              name="minMs"
              type="number"
              min={0}
              step={1}
              className="input"
              defaultValue={filters.minMs}
              aria-invalid={issues.minMs ? true : undefined}
              data-testid="filter-min-ms"
            />
            <FieldError id="f-min-error" message={issues.minMs} />
          </div>
          <div className="field">
            <label className="label" htmlFor="f-mode">
              Mode
            </label>
            <select
              id="f-mode"
              name="mode"
              className="select"
              defaultValue={filters.mode ?? ''}
              data-testid="filter-mode"
            >
              <option value="">Any</option>
              <option value="extractive">Extractive</option>
              <option value="generative">Generative</option>
            </select>
            <FieldError id="f-mode-error" message={issues.mode} />
          </div>
        </div>
        <div className={styles.filterButtons}>
          <button type="submit" className="btn btn-primary" data-testid="filter-apply">
            Filter
          </button>
          {filtered ? (
            <Link href="/admin/queries/log" className="btn">
              Clear
            </Link>
          ) : null}
        </div>
      </form>

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
            <div className="table-wrap">
              <table className="table" data-testid="query-log-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Question</th>
                    <th scope="col">User</th>
                    <th scope="col">Workspace</th>
                    <th scope="col">Mode</th>
                    <th scope="col" className="num">
                      Took
                    </th>
                    <th scope="col" className="num" title="Filings that matched the question">
                      Matches
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.queries.map((q) => (
                    <tr key={q.queryId} data-testid="query-log-row" data-query-id={q.queryId}>
                      <td className="nowrap">{formatDateTime(q.createdAt)}</td>
                      <td className={styles.logText}>
                        <Link
                          href={`/admin/queries/log/${encodeURIComponent(q.queryId)}/analysis`}
                          prefetch={false}
                          data-testid="query-log-link"
                        >
                          {q.question}
                        </Link>
                      </td>
                      <td className={styles.nowrap}>
                        {q.userEmail ? (
                          <Link
                            href={hrefWith(filters, { user: q.userEmail })}
                            title={`Only ${q.userEmail}’s queries`}
                            className="subtle"
                          >
                            {q.userEmail}
                          </Link>
                        ) : (
                          <span className="subtle mono" title="The account is no longer in this organisation">
                            {q.userId}
                          </span>
                        )}
                      </td>
                      <td>
                        {q.workspaceId ? (
                          <Link
                            href={hrefWith(filters, { workspace: q.workspaceId })}
                            title="Only this workspace’s queries"
                            className="subtle"
                          >
                            {q.workspaceName ?? <span className="mono">{q.workspaceId}</span>}
                          </Link>
                        ) : (
                          <span className="subtle">—</span>
                        )}
                      </td>
                      <td>
                        <ModeBadge mode={q.mode} model="" />
                      </td>
                      <td className={`num ${styles.nowrap}`}>{formatMs(q.totalMs)}</td>
                      <td className="num">{formatNumber(q.documentCount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {cursor || result.nextCursor ? (
            <nav className={styles.pager} aria-label="Query log pages">
              {cursor ? (
                <Link className="btn btn-sm" href={hrefWith(filters, {})}>
                  ← Newest
                </Link>
              ) : (
                <span />
              )}
              {result.nextCursor ? (
                <Link
                  className="btn btn-sm"
                  href={hrefWith(filters, { cursor: result.nextCursor })}
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
