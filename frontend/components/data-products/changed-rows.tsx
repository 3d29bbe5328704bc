import Link from 'next/link';
import type { ChangedRow, ProductColumn, ProductRelease } from '@/lib/types';
import { columnLabel, formatCell } from './cell-format';
import styles from './changed-rows.module.css';

const PAGE_ROWS = 50;

/** The rows behind one count of a release's change log; a changed row shows each changed cell old → new. */
export function ChangedRows(props: {
  base: string;
  release: ProductRelease;
  kind: 'added' | 'removed' | 'changed';
  offset: number;
  rows: ChangedRow[];
  columns: ProductColumn[];
}) {
  const { base, release, kind, offset, rows, columns } = props;
  const key = release.key;
  const pageHref = (to: number) =>
    `${base}/change-log?release=${encodeURIComponent(release.id)}&kind=${kind}&offset=${to}`;
  return (
    <section className="mt-3" aria-label={`Rows ${kind}`} data-testid="changed-rows">
      <h3>Rows {kind}</h3>
      {rows.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className={styles.rows}>
          {rows.map((row) => {
            const shown = row.after ?? row.before ?? {};
            const id = key.map((k) => String(shown[k])).join(' · ');
            const changed = columns.filter(
              (c) => row.before && row.after && !key.includes(c.name) && row.before[c.name] !== row.after[c.name],
            );
            return (
              <li key={id}>
                <strong className="mono">{id}</strong>
                {kind === 'changed' ? (
                  <ul className={styles.cells}>
                    {changed.map((column) => (
                      <li key={column.name}>
                        {columnLabel(column.name)}:{' '}
                        <del>{formatCell(column, row.before?.[column.name] ?? null) || 'not stated'}</del> →{' '}
                        <ins>{formatCell(column, row.after?.[column.name] ?? null) || 'not stated'}</ins>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="subtle">
                    {' '}
                    {columns
                      .filter((c) => !key.includes(c.name))
                      .map((c) => formatCell(c, shown[c.name] ?? null))
                      .filter((text) => text !== '')
                      .join(' · ')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-2">
        {offset > 0 && <Link href={pageHref(Math.max(0, offset - PAGE_ROWS))}>← Previous</Link>}{' '}
        {rows.length === PAGE_ROWS && <Link href={pageHref(offset + PAGE_ROWS)}>Next →</Link>}
      </p>
    </section>
  );
}
