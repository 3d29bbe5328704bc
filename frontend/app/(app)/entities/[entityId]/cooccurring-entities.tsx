import Link from 'next/link';
import { capitalise, formatNumber } from '@/lib/format';
import type { EntityProfile } from '@/lib/types';
import styles from './entity.module.css';

/** Entities named in the same filings as this one, with how often. */
export function CooccurringEntities({ cooccurring }: { cooccurring: EntityProfile['cooccurring'] }) {
  return (
    <section className="card" aria-labelledby="cooccurring-heading">
      <div className="card-header">
        <div>
          <h2 id="cooccurring-heading">Mentioned alongside</h2>
          <p>Entities that appear in the same filings.</p>
        </div>
      </div>
      <div className="card-body">
        {cooccurring.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <ul className={styles.plainList}>
            {cooccurring.map((e) => (
              <li key={e.id}>
                <Link href={`/entities/${encodeURIComponent(e.id)}`} data-testid="cooccurring-link">
                  {e.name}
                </Link>{' '}
                <span className="subtle">
                  · {capitalise(e.kind)} · ×{formatNumber(e.count)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
