import type { Metadata } from 'next';
import Link from 'next/link';
import { Fragment } from 'react';
import { BarHistoryChart } from '@/components/charts/bar-history-chart';
import { getCatalogStatus, getSessionUser, getStackStatus } from '@/lib/bff.server';
import { capitalise, formatDateTime, formatDuration, formatNumber, formatPercent } from '@/lib/format';
import type { IngestionRun, SourceHealth, SourceStatus } from '@/lib/types';
import styles from './catalog-status.module.css';
import { CorpusLoadLine } from './corpus-load-line';
import { ProcessHealth } from './process-health';

export const metadata: Metadata = { title: 'Catalog status' };

const HEALTH: Record<SourceHealth, { label: string; className: string; order: number }> = {
  failing: { label: 'Failing', className: 'badge badge-danger', order: 0 },
  lagging: { label: 'Lagging', className: 'badge badge-warning', order: 1 },
  healthy: { label: 'Healthy', className: 'badge badge-success', order: 2 },
  idle: { label: 'Idle', className: 'badge', order: 3 },
};

export default async function CatalogStatusPage() {
  const user = await getSessionUser();
  // Process ids and crash lists are for administrators; members see the sources' freshness only.
  const isAdmin = user.role === 'admin';
  const [{ sources: statuses, corpusLoad }, stack] = await Promise.all([
    getCatalogStatus(),
    isAdmin ? getStackStatus() : null,
  ]);
  // Problems first, then by name.
  const sorted = [...statuses].sort(
    (a, b) => HEALTH[a.status].order - HEALTH[b.status].order || a.source.name.localeCompare(b.source.name),
  );
  const counts = Object.fromEntries(
    (Object.keys(HEALTH) as SourceHealth[]).map((h) => [h, statuses.filter((s) => s.status === h).length]),
  );

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Catalog status</h1>
          <p>
            How fresh each source is: its last successful run, lag behind the source, volume and errors
            {isAdmin ? <>; and how the app&apos;s processes are doing</> : null}.
          </p>
        </div>
        <div className={styles.summary} aria-label="Summary">
          {(Object.keys(HEALTH) as SourceHealth[])
            .filter((h) => counts[h])
            .map((h) => (
              <span key={h} className={HEALTH[h].className}>
                {formatNumber(counts[h] ?? 0)} {HEALTH[h].label.toLowerCase()}
              </span>
            ))}
        </div>
      </div>
      <CorpusLoadLine load={corpusLoad} />
      {isAdmin ? (
        <div className="mb-4">
          <ProcessHealth status={stack} now={Date.now()} />
        </div>
      ) : null}
      {sorted.length === 0 ? (
        <div className="card empty-state">
          <h2>No sources yet</h2>
          <p>
            Sources appear here once they are in the <Link href="/catalog">catalog</Link>.
          </p>
        </div>
      ) : (
        <div className={styles.grid}>
          {sorted.map((s) => (
            <SourceStatusCard key={s.source.id} status={s} />
          ))}
        </div>
      )}
    </div>
  );
}

function SourceStatusCard({ status: s }: { status: SourceStatus }) {
  const health = HEALTH[s.status];
  const failedDays = s.history.reduce((sum, d) => sum + d.failed, 0);
  return (
    <section
      className="card"
      data-testid="catalog-status-row"
      data-status={s.status}
      aria-labelledby={`status-${s.source.id}`}
    >
      <div className="card-body">
        <div className={styles.head}>
          <div>
            <h2 id={`status-${s.source.id}`} className={styles.name}>
              {s.source.name}
            </h2>
            <p className="subtle">
              {[s.source.shortName, capitalise(s.source.kind), s.source.state || capitalise(s.source.jurisdiction)]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <span className={health.className} data-testid="catalog-status-badge">
            {health.label}
          </span>
        </div>
        <div className={styles.layout}>
          <dl className={styles.stats}>
            <div className={styles.stat}>
              <dt>Last successful run</dt>
              <dd title="When the latest successful run finished">
                {s.lastSuccessAt ? formatDateTime(s.lastSuccessAt) : 'Never'}
              </dd>
            </div>
            <div className={styles.stat}>
              <dt>Lag</dt>
              <dd title="Time since the newest filing we hold was filed at the source">
                {s.status === 'idle' ? '—' : formatDuration(s.lagSeconds)}
              </dd>
            </div>
            <div className={styles.stat}>
              <dt>Error rate</dt>
              <dd className={s.errorRate > 0.05 ? 'field-error' : undefined}>{formatPercent(s.errorRate)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>Last 24 h</dt>
              <dd>
                {formatNumber(s.documentsLast24h)} {s.documentsLast24h === 1 ? 'doc' : 'docs'}
              </dd>
            </div>
            <div className={styles.stat}>
              <dt>Last 7 days</dt>
              <dd>
                {formatNumber(s.documentsLast7d)} {s.documentsLast7d === 1 ? 'doc' : 'docs'}
              </dd>
            </div>
            <div className={styles.stat}>
              <dt>Documents</dt>
              <dd>{formatNumber(s.source.documentCount)}</dd>
            </div>
          </dl>
          <div>
            <div className="subtle" style={{ fontSize: 'var(--font-size-xs)', marginBottom: 4 }}>
              Last 30 days: documents per day{failedDays > 0 ? ' and failures' : ''}
            </div>
            <BarHistoryChart
              label={`Documents per day for ${s.source.name} over the last 30 days`}
              data={s.history.map((d) => ({ day: d.day.slice(5), documents: d.documents, failed: d.failed }))}
              xKey="day"
              height={120}
              series={[
                { key: 'documents', label: 'Documents', color: '#2f5fb3' },
                ...(failedDays > 0 ? [{ key: 'failed', label: 'Failed', color: '#b42318' }] : []),
              ]}
            />
          </div>
        </div>
        <RecentRuns runs={s.recentRuns} />
      </div>
    </section>
  );
}

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

function RecentRuns({ runs }: { runs: IngestionRun[] }) {
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
