import { BarHistoryChart } from '@/components/charts/bar-history-chart';
import { capitalise, formatDateTime, formatDuration, formatNumber, formatPercent } from '@/lib/format';
import type { SourceStatus } from '@/lib/types';
import styles from './catalog-status.module.css';
import { RecentRuns } from './recent-runs';
import { HEALTH } from './source-health';

/** One source's freshness: its figures, its last 30 days as a chart, and its recent runs. */
export function SourceStatusCard({ status: s }: { status: SourceStatus }) {
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
            <div className={`subtle text-xs ${styles.chartCaption}`}>
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
