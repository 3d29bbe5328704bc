import Link from 'next/link';
import { Fragment } from 'react';
import { capitalise, formatDateTime, formatNumber } from '@/lib/format';
import type { IngestionRun } from '@/lib/types';
import styles from './catalog-status.module.css';

/**
 * "succeeded, finished 06:10:17": a finished run is told by when it finished, as "Last successful run"
 * is, so the two agree; one still running by when it started.
 */
function runSummary(run: IngestionRun): string {
  const status = runStatusLabel(run).toLowerCase();
  return run.finishedAt
    ? `${status}, finished ${formatDateTime(run.finishedAt)}`
    : `${status}, started ${formatDateTime(run.startedAt)}`;
}

/** As on a process's page: a run that succeeded with failed files is not a plain success. */
function runStatusLabel(run: IngestionRun): string {
  return run.status === 'succeeded' && run.failed > 0 ? 'Succeeded with failures' : capitalise(run.status);
}

/** A source's latest ingestion runs, folded under a one-line summary of the newest. */
export function RecentRuns({ runs }: { runs: IngestionRun[] }) {
  if (runs.length === 0) return <p className={`${styles.runs} muted`}>No ingestion runs yet.</p>;
  return (
    <details className={styles.runs}>
      <summary>
        Recent runs ({formatNumber(runs.length)}) · latest {runSummary(runs[0]!)}
      </summary>
      <div className="table-wrap mt-2">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
              <th scope="col">Connector</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Seen
              </th>
              <th scope="col" className="num">
                New
              </th>
              <th scope="col" className="num">
                Updated
              </th>
              <th scope="col" className="num">
                Duplicate
              </th>
              <th scope="col" className="num">
                Failed
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <Fragment key={r.id}>
                <tr>
                  <td className="nowrap">{formatDateTime(r.startedAt)}</td>
                  <td className="nowrap">{r.finishedAt ? formatDateTime(r.finishedAt) : '—'}</td>
                  <td>{r.connector}</td>
                  <td>
                    {r.processId ? (
                      <Link href={`/processes/${encodeURIComponent(r.processId)}`}>{runStatusLabel(r)}</Link>
                    ) : (
                      runStatusLabel(r)
                    )}
                  </td>
                  <td className="num">{formatNumber(r.seen)}</td>
                  <td className="num">{formatNumber(r.new)}</td>
                  <td className="num">{formatNumber(r.updated)}</td>
                  <td className="num">{formatNumber(r.duplicate)}</td>
                  <td className="num">{formatNumber(r.failed)}</td>
                </tr>
                {r.errors.length > 0 ? (
                  <tr>
                    <td colSpan={9}>
                      <ul className={styles.errors} aria-label="Errors in this run">
                        {r.errors.map((e, i) => (
                          <li key={i}>
                            <span className="mono">{e.item}</span>: <strong>{e.reason}</strong>
                            {e.message ? ` — ${e.message}` : ''}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
