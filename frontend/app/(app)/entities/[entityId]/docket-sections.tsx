import Link from 'next/link';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import type { Docket, DocketEntries, DocketEntry, Party, Source } from '@/lib/types';
import styles from './entity.module.css';

/** What the case header says, as a court's docket (and CourtListener's page of it) does; only what the record has. */
export function CaseFacts({ docket, source }: { docket: Docket; source: Source | null }) {
  const court = docket.court;
  const facts: Array<[string, string]> = [
    [court ? 'Court' : 'Source', court?.courtName || source?.name || docket.sourceId],
    // A court's number as it writes it; an agency's as the source normalises it (its filings write it many ways).
    ['Docket number', (court && docket.numberRaw) || docket.number],
    ['Assigned to', court?.judge ?? ''],
    ['Referred to', court?.referredJudge ?? ''],
    [court ? 'Date filed' : 'Opened', docket.openedAt ? formatDate(docket.openedAt) : ''],
    [court ? 'Date terminated' : 'Closed', docket.closedAt ? formatDate(docket.closedAt) : ''],
    ['Nature of suit', court?.natureOfSuit ?? ''],
    ['Cause', court?.cause ?? ''],
    ['Jurisdiction', court?.jurisdiction ?? ''],
    ['Jury demand', court?.juryDemand ?? ''],
  ];
  return (
    <dl className={styles.caseFacts} data-testid="case-facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} data-testid="case-fact">
            <dt>{label}</dt>
            <dd className={label === 'Docket number' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A court's parties with their attorneys; an agency's with whoever represents them. */
export function PartiesTable({ parties, court }: { parties: Party[]; court: boolean }) {
  if (parties.length === 0) return null;
  const anyTerminated = parties.some((p) => p.dateTerminated);
  return (
    <section className="card" aria-labelledby="parties-heading">
      <div className="card-header">
        <h2 id="parties-heading">Parties</h2>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="parties-table">
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Name</th>
              <th scope="col">{court ? 'Attorneys' : 'Represented by'}</th>
              {anyTerminated ? <th scope="col">Terminated</th> : null}
            </tr>
          </thead>
          <tbody>
            {parties.map((party, i) => (
              <tr key={i} className={styles.topAligned} data-testid="party-row">
                <td className={styles.role}>{capitalise(party.role) || '—'}</td>
                <td className={styles.partyName}>{party.name}</td>
                <td>
                  <Counsel party={party} />
                </td>
                {anyTerminated ? (
                  <td className={styles.nowrap}>{party.dateTerminated ? formatDate(party.dateTerminated) : ''}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A court party's attorneys with their roles and contact lines; an agency party's representative. */
function Counsel({ party }: { party: Party }) {
  if (party.attorneys.length === 0)
    return party.representative ? <span>{party.representative}</span> : <span className="subtle">—</span>;
  return (
    <ul className={styles.attorneys}>
      {party.attorneys.map((attorney, i) => (
        <li key={i} data-testid="attorney">
          <span className={styles.attorneyName}>{attorney.name}</span>
          {attorney.roles.length > 0 ? (
            <span className={styles.attorneyRoles}>{attorney.roles.map(sentenceCase).join(' · ')}</span>
          ) : null}
          {attorney.contact ? <span className={styles.attorneyContact}>{attorney.contact}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** "LEAD ATTORNEY" → "Lead attorney": the docket's capitals read as shouting in a table. */
function sentenceCase(text: string): string {
  return text === text.toUpperCase() ? capitalise(text.toLowerCase()) : text;
}

/**
 * The docket's entries (a court's) or filings (an agency's) in the court's order, a page at a time,
 * each linked to its document. `href(page)` is this page's address at another page of entries.
 */
export function EntriesTable({
  docket,
  page,
  href,
}: {
  docket: Docket;
  page: DocketEntries;
  href: (page: number) => string;
}) {
  const court = docket.court !== null;
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.entries.length - 1;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <section className="card" aria-labelledby="entries-heading">
      <div className="card-header">
        <div>
          <h2 id="entries-heading">{court ? 'Docket entries' : 'Filings'}</h2>
          <p>
            {court ? 'In the order of the court’s docket: by date filed, then number.' : 'By date filed, oldest first.'}
          </p>
        </div>
        {page.total > 0 ? (
          <span className="subtle" data-testid="entries-range">
            {page.entries.length > 0
              ? `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(page.total)}`
              : `${formatNumber(page.total)} in all`}
          </span>
        ) : null}
      </div>
      {page.entries.length === 0 ? (
        <div className="card-body muted" data-testid="entries-empty">
          {page.total === 0 ? (
            court ? (
              'No entries yet.'
            ) : (
              'No filings yet.'
            )
          ) : (
            <Link href={href(1)}>This page is past the last one: back to the first.</Link>
          )}
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="entries-table">
            <thead>
              <tr>
                {court ? (
                  <th scope="col" className="num">
                    #
                  </th>
                ) : null}
                <th scope="col">Date filed</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((entry) => (
                <tr key={entry.documentId} className={styles.topAligned} data-testid="entry-row">
                  {court ? <td className={`num ${styles.entryNumber}`}>{entry.number}</td> : null}
                  <td className={styles.nowrap}>{formatDate(entry.filedAt)}</td>
                  <td className={styles.entryText}>
                    <EntryDescription entry={entry} court={court} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && page.entries.length > 0 ? (
        <nav className={styles.pager} aria-label="Pages of entries">
          {page.page > 1 ? (
            <Link
              href={href(Math.min(page.page - 1, pages))}
              className="btn btn-sm"
              rel="prev"
              data-testid="entries-prev"
            >
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="subtle">
            Page {formatNumber(page.page)} of {formatNumber(pages)}
          </span>
          {page.page < pages ? (
            <Link href={href(page.page + 1)} className="btn btn-sm" rel="next" data-testid="entries-next">
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

/**
 * A court entry's title (its first sentence) links to its document and the rest of its text follows
 * as the court wrote it. An agency filing shows its title alone: its text opens with the docket's
 * caption, the same for every filing.
 */
function EntryDescription({ entry, court }: { entry: DocketEntry; court: boolean }) {
  const href = `/documents/${encodeURIComponent(entry.documentId)}`;
  const title = entry.title || (entry.number ? `Docket entry ${entry.number}` : 'Untitled filing');
  const lead = title.endsWith('…') ? title.slice(0, -1) : title;
  if (court && entry.excerpt.startsWith(lead)) {
    return (
      <>
        <Link href={href} className={styles.entryLink} data-testid="entry-link">
          {lead}
        </Link>
        {entry.excerpt.slice(lead.length)}
      </>
    );
  }
  return (
    <>
      <Link href={href} className={styles.entryLink} data-testid="entry-link">
        {title}
      </Link>
      {court && entry.excerpt ? <p className={styles.entryExcerpt}>{entry.excerpt}</p> : null}
    </>
  );
}
