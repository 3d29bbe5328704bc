import { FollowDocketButton } from '@/components/alerts/follow-docket-button';
import { formatNumber } from '@/lib/format';
import type { EntityProfile } from '@/lib/types';
import { sameDocketNumber } from './docket-number';
import styles from './entity.module.css';

/** The dockets the entity appears in, each to follow. */
export function EntityDockets({ profile }: { profile: EntityProfile }) {
  const { entity } = profile;
  return (
    <section className="card" aria-labelledby="dockets-heading">
      <div className="card-header">
        <h2 id="dockets-heading">Dockets</h2>
      </div>
      <div className="card-body">
        {profile.dockets.length === 0 ? (
          <p className="muted">No dockets.</p>
        ) : (
          <ul className={styles.plainList}>
            {profile.dockets.map((d) => (
              <li key={d.docketId} data-testid="entity-docket">
                <span className="mono">{d.number}</span>{' '}
                <span className="subtle">· {formatNumber(d.documents)} filings</span>
                {d.title ? <div>{d.title}</div> : null}
                {/* A docket's own page has its follow button at the top already. */}
                {entity.kind === 'docket' && sameDocketNumber(d.number, entity.name) ? null : (
                  <div className={styles.docketFollow}>
                    <FollowDocketButton
                      size="small"
                      docket={{ docketId: d.docketId, docketNumber: d.number, title: d.title, sourceName: '' }}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
