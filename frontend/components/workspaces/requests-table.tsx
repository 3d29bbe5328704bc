import Link from 'next/link';
import { formatDateTime } from '@/lib/format';
import { formatRelative, formatTook, KIND_LABELS, plural, requestPath } from './workspace-format';
import type { WorkspaceRequest } from './workspace-types';
import styles from './workspaces.module.css';

/** A page of a workspace's log: what was asked, by whom, when, with how many results; each opens its views. */
export function RequestsTable({ requests, caption }: { requests: WorkspaceRequest[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid="requests-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">By</th>
            <th scope="col">When</th>
            <th scope="col" className="num">
              Results
            </th>
            <th scope="col" className="num">
              Took
            </th>
            <th scope="col">
              <span className="visually-hidden">Views</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => (
            <tr key={r.id} data-testid="request-row" data-kind={r.kind}>
              <td className={styles.requestCell}>
                <span className={r.kind === 'query' ? 'badge badge-accent' : 'badge'}>{KIND_LABELS[r.kind]}</span>{' '}
                <Link href={requestPath(r)} className={styles.requestText}>
                  {r.text || <span className="muted">(filters only)</span>}
                </Link>
              </td>
              <td className="nowrap">{r.user.name || r.user.email || <span className="muted">Unknown user</span>}</td>
              <td className="nowrap" title={formatDateTime(r.createdAt)}>
                {formatRelative(r.createdAt)}
              </td>
              <td className="num nowrap">
                {r.kind === 'query'
                  ? plural(r.resultCount, 'source')
                  : plural(r.resultCount, 'hit', 'hits', r.resultCountIsLowerBound)}
              </td>
              <td className="num nowrap">{formatTook(r.tookMs)}</td>
              <td className={styles.viewLinks}>
                <Link href={requestPath(r, 'analysis')}>Analysis</Link>
                <Link href={requestPath(r, 'documents')}>Documents</Link>
                <Link href={requestPath(r, 'figures')}>Figures</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
