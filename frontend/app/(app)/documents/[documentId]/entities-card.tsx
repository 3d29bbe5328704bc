// The document page's entities, grouped by kind, each linking to its profile.
import Link from 'next/link';
import { capitalise, formatNumber } from '@/lib/format';
import type { EntityRef } from '@/lib/types';
import styles from './document.module.css';

const ENTITY_KIND_LABELS: Record<string, string> = {
  organisation: 'Organisations',
  person: 'People',
  agency: 'Agencies',
  docket: 'Dockets',
  place: 'Places',
  money: 'Amounts',
  percentage: 'Percentages',
  date: 'Dates',
};
export function Entities({ entities, pending }: { entities: EntityRef[]; pending: boolean }) {
  if (pending) return <EntitiesBeingFound />;
  if (entities.length === 0) return null;
  const kinds = [...new Set(entities.map((e) => e.kind))].sort(
    (a, b) => Object.keys(ENTITY_KIND_LABELS).indexOf(a) - Object.keys(ENTITY_KIND_LABELS).indexOf(b),
  );
  return (
    <section className="card" aria-labelledby="entities-heading">
      <div className="card-header">
        <h2 id="entities-heading">Mentioned</h2>
      </div>
      <div className="card-body">
        {kinds.map((kind) => (
          <div key={kind} className={styles.entityGroup} data-testid="entity-group" data-kind={kind}>
            <h3 className={styles.subheading}>{ENTITY_KIND_LABELS[kind] ?? capitalise(kind)}</h3>
            <ul className={styles.plainList}>
              {entities
                .filter((e) => e.kind === kind)
                .sort((a, b) => b.count - a.count)
                .map((e) => (
                  <li key={e.id}>
                    <Link href={`/entities/${encodeURIComponent(e.id)}`} data-testid="entity-link">
                      {e.name}
                    </Link>{' '}
                    {e.count > 1 ? <span className="subtle">×{formatNumber(e.count)}</span> : null}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** A new filing's entities are found in the background, usually within a minute of its import. */
function EntitiesBeingFound() {
  return (
    <section className="card" aria-labelledby="entities-heading" data-testid="entities-pending">
      <div className="card-header">
        <h2 id="entities-heading">Mentioned</h2>
      </div>
      <div className="card-body">
        <p className="subtle">
          The people, organisations, places and amounts this filing mentions are still being found: usually within a
          minute of its import. Reload the page to see them.
        </p>
      </div>
    </section>
  );
}
