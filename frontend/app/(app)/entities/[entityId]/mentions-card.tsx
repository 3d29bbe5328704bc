import { BarHistoryChart } from '@/components/charts/bar-history-chart';
import { everyMonth } from '@/lib/chart-series';
import { formatDate, formatNumber } from '@/lib/format';
import type { EntityProfile } from '@/lib/types';
import styles from './entity.module.css';

/** How often and since when the entity is mentioned, with its mentions per month as a chart. */
export function MentionsCard({ profile }: { profile: EntityProfile }) {
  const { entity } = profile;
  return (
    <section className="card" aria-labelledby="profile-heading">
      <div className="card-header">
        <h2 id="profile-heading">Mentions over time</h2>
      </div>
      <div className="card-body">
        <dl className={styles.stats}>
          <div>
            <dt>Mentions</dt>
            <dd>{formatNumber(entity.mentionCount)}</dd>
          </div>
          <div>
            <dt>Documents</dt>
            <dd>{formatNumber(entity.documentCount)}</dd>
          </div>
          <div>
            <dt>First seen</dt>
            <dd>{formatDate(entity.firstSeenAt)}</dd>
          </div>
          <div>
            <dt>Last seen</dt>
            <dd>{formatDate(entity.lastSeenAt)}</dd>
          </div>
        </dl>
        <div className="mt-5">
          {profile.mentionsByMonth.length > 0 ? (
            <BarHistoryChart
              testId="mentions-chart"
              label={`Mentions of ${entity.name} per month`}
              data={everyMonth(profile.mentionsByMonth, ['mentions'])}
              xKey="month"
              height={180}
              series={[{ key: 'mentions', label: 'Mentions', color: '#2f5fb3' }]}
            />
          ) : (
            <p className="muted" data-testid="mentions-chart">
              No dated mentions yet.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
