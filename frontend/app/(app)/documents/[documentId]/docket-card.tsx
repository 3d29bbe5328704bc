// The document page's docket: the case it belongs to (an entry's place in it), its status, dates and parties.
import Link from 'next/link';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import type { DocumentDetail, EntityRef } from '@/lib/types';
import styles from './document.module.css';

export function EntryOfDocket({
  detail,
  docketEntity,
}: {
  detail: DocumentDetail;
  docketEntity: EntityRef | undefined;
}) {
  const { document, docket } = detail;
  const entry = document.docketEntryNumber ? `Docket entry ${document.docketEntryNumber}` : 'Unnumbered docket entry';
  const name = docket?.title || docket?.numberRaw || document.docketNumber;
  const number = docket?.numberRaw || document.docketNumber;
  return (
    <p className={styles.entryOf} data-testid="docket-entry">
      <span className="badge badge-accent">{entry}</span> of{' '}
      {docketEntity ? (
        <Link href={`/entities/${encodeURIComponent(docketEntity.id)}`} data-testid="docket-entry-link">
          {name}
        </Link>
      ) : (
        name
      )}
      {name !== number ? <span className="mono subtle"> ({number})</span> : null}
    </p>
  );
}

export function DocketCard({ detail, docketEntity }: { detail: DocumentDetail; docketEntity: EntityRef | undefined }) {
  const { docket, document } = detail;
  if (!docket && !document.docketNumber) return null;
  const number = docket?.number || document.docketNumber;
  const closed = docket?.closedAt ? ` · closed ${formatDate(docket.closedAt)}` : '';
  return (
    <section className="card" aria-labelledby="docket-heading">
      <div className="card-header">
        <h2 id="docket-heading">Docket</h2>
      </div>
      <div className="card-body">
        <p>
          {docketEntity ? (
            <Link href={`/entities/${encodeURIComponent(docketEntity.id)}`} data-testid="docket-link" className="mono">
              {number}
            </Link>
          ) : (
            <span className="mono">{number}</span>
          )}
          {docket?.status ? <span className={`badge ${styles.badgeAfter}`}>{capitalise(docket.status)}</span> : null}
        </p>
        {docket?.title ? <p className="mt-2">{docket.title}</p> : null}
        {docket ? (
          <p className={`subtle ${styles.docketFacts}`}>
            Opened {formatDate(docket.openedAt)}
            {closed} · {formatNumber(docket.documentCount)} filings
          </p>
        ) : null}
        {docket && docket.parties.length > 0 ? (
          <>
            <h3 className={styles.subheading}>Parties</h3>
            <ul className={styles.plainList} data-testid="parties">
              {docket.parties.map((p, i) => (
                <li key={i}>
                  {p.name} <span className="subtle">· {capitalise(p.role)}</span>
                  {p.representative || p.attorneys.length > 0 ? (
                    <div className="subtle">
                      represented by {p.representative || p.attorneys.map((a) => a.name).join(', ')}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
