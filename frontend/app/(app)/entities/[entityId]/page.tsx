import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FollowDocketButton } from '@/components/alerts/follow-docket-button';
import { BarHistoryChart } from '@/components/charts/bar-history-chart';
import { findDocket, findEntity, listDocketEntries } from '@/lib/bff.server';
import { everyMonth } from '@/lib/chart-series';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import { highlightSegments } from '@/lib/highlight';
import type { DocketDetail, DocketEntries } from '@/lib/types';
import { CaseFacts, EntriesTable, PartiesTable } from './docket-sections';
import styles from './entity.module.css';

type Props = { params: Promise<{ entityId: string }>; searchParams: Promise<{ page?: string | string[] }> };

const MAX_DOCUMENTS = 25;
/** The BFF takes pages up to this; a larger ?page= reads as the last it takes. */
const MAX_ENTRIES_PAGE = 50_000;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const profile = await findEntity((await params).entityId);
  return { title: profile ? profile.entity.name : 'Entity not found' };
}

export default async function EntityPage({ params, searchParams }: Props) {
  const { entityId } = await params;
  const profile = await findEntity(entityId);
  if (!profile) notFound();
  const { entity } = profile;
  const following = entity.kind === 'docket' ? docketToFollow(entity.name, profile.dockets) : null;
  // A docket entity whose own docket record exists is shown as the docket: its case, parties and entries.
  const entriesPage = pageOf((await searchParams).page);
  const [docketDetail, entries] = following?.docketId
    ? await Promise.all([findDocket(following.docketId), listDocketEntries(following.docketId, entriesPage)])
    : [null, null];
  const entriesHref = (page: number) => `/entities/${encodeURIComponent(entityId)}${page > 1 ? `?page=${page}` : ''}`;
  // Aliases that differ from the name only in case add nothing to read.
  const aliases = entity.aliases.filter((a) => a.toLowerCase() !== entity.name.toLowerCase());
  // The excerpt is plain text; the name and aliases are marked in it as whole phrases, longest first.
  const phrases = [...new Set([entity.name, ...aliases].map((n) => n.toLowerCase()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  const documents = profile.documents.slice(0, MAX_DOCUMENTS);

  return (
    <div className="page page-wide">
      <header className={styles.header}>
        <span className="badge badge-accent" data-testid="entity-kind">
          {capitalise(entity.kind)}
        </span>
        <div className={styles.titleRow}>
          <h1 className={styles.name} data-testid="entity-name">
            {docketDetail?.docket.title || entity.name}
          </h1>
          {following ? (
            <div className={styles.follow}>
              <FollowDocketButton docket={{ ...following, sourceName: docketDetail?.source?.name ?? '' }} />
            </div>
          ) : null}
        </div>
        {aliases.length > 0 && !docketDetail ? (
          <p className={styles.aliases}>Also written: {aliases.join(' · ')}</p>
        ) : null}
        {docketDetail ? <CaseFacts docket={docketDetail.docket} source={docketDetail.source} /> : null}
      </header>

      {docketDetail && entries ? <DocketSections detail={docketDetail} entries={entries} href={entriesHref} /> : null}

      <div className={styles.layout}>
        <div className="stack">
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

          {/* A docket's own filings are its entries table above; the list of mentions would repeat it. */}
          {docketDetail ? null : (
            <section className="card" aria-labelledby="documents-heading">
              <div className="card-header">
                <div>
                  <h2 id="documents-heading">Documents</h2>
                  <p>
                    Filings that mention {entity.name}, newest first
                    {profile.documents.length > documents.length
                      ? ` (the latest ${documents.length} of ${formatNumber(entity.documentCount)})`
                      : ''}
                    .
                  </p>
                </div>
              </div>
              {documents.length === 0 ? (
                <div className="card-body muted">No documents.</div>
              ) : (
                <ul className={styles.docs}>
                  {documents.map((d) => (
                    <li key={d.documentId} data-testid="entity-document">
                      <Link href={`/documents/${encodeURIComponent(d.documentId)}`} className={styles.docTitle}>
                        {d.title || 'Untitled filing'}
                      </Link>
                      <div className={styles.meta}>
                        {[formatDate(d.filedAt), d.docketNumber ? `Docket ${d.docketNumber}` : '', d.sourceId]
                          .filter(Boolean)
                          .join(' · ')}
                      </div>
                      {d.excerpt ? (
                        <p className={styles.excerpt}>
                          {highlightSegments(d.excerpt, phrases).map((s, i) =>
                            s.match ? <mark key={i}>{s.text}</mark> : s.text,
                          )}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>

        <aside className={styles.aside}>
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
                        <div style={{ marginTop: 4 }}>
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
          <section className="card" aria-labelledby="cooccurring-heading">
            <div className="card-header">
              <div>
                <h2 id="cooccurring-heading">Mentioned alongside</h2>
                <p>Entities that appear in the same filings.</p>
              </div>
            </div>
            <div className="card-body">
              {profile.cooccurring.length === 0 ? (
                <p className="muted">None yet.</p>
              ) : (
                <ul className={styles.plainList}>
                  {profile.cooccurring.map((e) => (
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
        </aside>
      </div>
    </div>
  );
}

function DocketSections({
  detail,
  entries,
  href,
}: {
  detail: DocketDetail;
  entries: DocketEntries;
  href: (page: number) => string;
}) {
  return (
    <div className={styles.docketSections}>
      <PartiesTable parties={detail.docket.parties} court={detail.docket.court !== null} />
      <EntriesTable docket={detail.docket} page={entries} href={href} />
    </div>
  );
}

/** ?page= as a page of entries: 1 unless it is a whole number in range. */
function pageOf(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_ENTRIES_PAGE) : 1;
}

/** A docket entity as a docket to follow: its own docket record when the profile lists it, else its name as the number. */
function docketToFollow(name: string, dockets: { docketId: string; number: string; title: string }[]) {
  const own = dockets.find((d) => sameDocketNumber(d.number, name));
  return { docketId: own?.docketId ?? '', docketNumber: own?.number ?? name, title: own?.title ?? '', sourceName: '' };
}

function sameDocketNumber(a: string, b: string): boolean {
  return a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();
}
