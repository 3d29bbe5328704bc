import Link from 'next/link';
import { ModeBadge } from '@/components/query/mode-badge';
import { formatMs } from '@/components/query/query-views';
import styles from '@/components/query/query.module.css';
import type { AdminQueryFilters } from '@/lib/bff.server';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { QuerySummary } from '@/lib/query-types';
import { queryLogHref } from './query-log-href';

/** One row a question: when, what, who, in which workspace, how it was answered and how long it took. */
export function QueryLogTable({ queries, filters }: { queries: QuerySummary[]; filters: AdminQueryFilters }) {
  return (
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
          {queries.map((q) => (
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
                    href={queryLogHref(filters, { user: q.userEmail })}
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
                    href={queryLogHref(filters, { workspace: q.workspaceId })}
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
  );
}
