import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ChangedRows } from '@/components/data-products/changed-rows';
import { ColumnChanges } from '@/components/data-products/column-changes';
import { findDataProduct, listChangedRows } from '@/lib/bff.server';
import { formatDate, formatNumber } from '@/lib/format';
import type { ProductRelease } from '@/lib/types';
import styles from './change-log.module.css';

type Props = {
  params: Promise<{ dataProductId: string }>;
  searchParams: Promise<{ release?: string; kind?: string; offset?: string }>;
};

const KINDS = ['added', 'removed', 'changed'] as const;
type Kind = (typeof KINDS)[number];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await findDataProduct((await params).dataProductId);
  return { title: detail ? `Change log · ${detail.dataProduct.name}` : 'Data product not found' };
}

/**
 * A product's releases one by one with the changes computed from their rows: counts, the one-line
 * summary, each column's moves, and the rows behind a count (old → new) for the release chosen.
 */
export default async function ChangeLogPage({ params, searchParams }: Props) {
  const id = (await params).dataProductId;
  const detail = await findDataProduct(id);
  if (!detail) notFound();
  const query = await searchParams;
  const base = `/data-subscriptions/${encodeURIComponent(id)}`;
  const chosen = detail.releases.find((r) => r.id === query.release);
  const kind = KINDS.includes(query.kind as Kind) ? (query.kind as Kind) : undefined;
  const offset = Math.max(0, Number(query.offset ?? 0) || 0);
  const rows = chosen && kind ? await listChangedRows(id, chosen.id, kind, offset) : null;

  return (
    <div className="page page-wider" data-testid="change-log-page">
      <Link href={base} className="subtle">
        ← {detail.dataProduct.name}
      </Link>
      <div className="page-header mt-3">
        <div>
          <h1>Change log</h1>
          <p>Every release compared with the one before it, row by row by key. Nothing here is written by hand.</p>
          <p>
            <Link href={`${base}/summary`}>Summary</Link> · <Link href={base}>Table</Link>
          </p>
        </div>
      </div>
      {detail.releases.length === 0 && <div className="card card-body muted">No release yet.</div>}
      <ol className={`stack ${styles.releases}`} aria-label="Releases, newest first">
        {detail.releases.map((release) => (
          <li key={release.id} className="card" data-testid="change-log-release">
            <div className="card-header">
              <h2>
                {release.version} <span className="subtle">· as of {release.asOf}</span>
              </h2>
              <span className="subtle">
                {formatNumber(release.rows)} rows · {formatDate(release.releasedAt)}
              </span>
            </div>
            <div className="card-body">
              <ReleaseChanges base={base} release={release} />
              {chosen?.id === release.id && kind && rows && (
                <ChangedRows
                  base={base}
                  release={release}
                  kind={kind}
                  offset={offset}
                  rows={rows}
                  columns={release.columns}
                />
              )}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

function ReleaseChanges({ base, release }: { base: string; release: ProductRelease }) {
  const log = release.changeLog;
  if (!log) return <p className="muted">The first release: nothing to compare with.</p>;
  const drill = (kind: Kind) => `${base}/change-log?release=${encodeURIComponent(release.id)}&kind=${kind}`;
  return (
    <>
      <p>
        <strong>{log.summary}</strong>
      </p>
      <p className="mt-2">
        <Link href={drill('added')}>{formatNumber(log.added)} added</Link> ·{' '}
        <Link href={drill('removed')}>{formatNumber(log.removed)} removed</Link> ·{' '}
        <Link href={drill('changed')}>{formatNumber(log.changed)} changed</Link>
        {log.columnsAdded.length > 0 && <> · new columns: {log.columnsAdded.join(', ')}</>}
        {log.columnsRemoved.length > 0 && <> · columns removed: {log.columnsRemoved.join(', ')}</>}
      </p>
      {log.columns.length > 0 && <ColumnChanges changes={log.columns} />}
    </>
  );
}
