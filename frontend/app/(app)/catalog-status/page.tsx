import type { Metadata } from 'next';
import Link from 'next/link';
import { getCatalogStatus, getSessionUser, getStackStatus } from '@/lib/bff.server';
import { formatNumber } from '@/lib/format';
import type { SourceHealth } from '@/lib/types';
import styles from './catalog-status.module.css';
import { CorpusLoadLine } from './corpus-load-line';
import { ProcessHealth } from './process-health';
import { HEALTH } from './source-health';
import { SourceStatusCard } from './source-status-card';

export const metadata: Metadata = { title: 'Catalog status' };

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
