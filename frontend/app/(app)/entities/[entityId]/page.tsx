import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FollowDocketButton } from '@/components/alerts/follow-docket-button';
import { findDocket, findEntity, listDocketEntries } from '@/lib/bff.server';
import { capitalise } from '@/lib/format';
import type { DocketDetail, DocketEntries } from '@/lib/types';
import { CooccurringEntities } from './cooccurring-entities';
import { sameDocketNumber } from './docket-number';
import { CaseFacts, EntriesTable, PartiesTable } from './docket-sections';
import { EntityDockets } from './entity-dockets';
import { EntityDocuments } from './entity-documents';
import styles from './entity.module.css';
import { MentionsCard } from './mentions-card';

type Props = { params: Promise<{ entityId: string }>; searchParams: Promise<{ page?: string | string[] }> };

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
          <MentionsCard profile={profile} />
          {/* A docket's own filings are its entries table above; the list of mentions would repeat it. */}
          {docketDetail ? null : <EntityDocuments profile={profile} aliases={aliases} />}
        </div>
        <aside className={styles.aside}>
          <EntityDockets profile={profile} />
          <CooccurringEntities cooccurring={profile.cooccurring} />
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

/**
 * A docket entity as a docket to follow: its own docket record when the profile lists it, else its
 * name as the number.
 */
function docketToFollow(name: string, dockets: { docketId: string; number: string; title: string }[]) {
  const own = dockets.find((d) => sameDocketNumber(d.number, name));
  return { docketId: own?.docketId ?? '', docketNumber: own?.number ?? name, title: own?.title ?? '', sourceName: '' };
}
