import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { columnLabel } from '@/components/data-products/cell-format';
import { ReleaseSeriesChart } from '@/components/data-products/release-series-chart';
import { formatSeriesValue, type ReleaseSeries, type SeriesUnit } from '@/components/data-products/series-format';
import { getProductSummary } from '@/lib/bff.server';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import type { ProductSummary } from '@/lib/types';
import styles from './summary.module.css';

type Props = { params: Promise<{ dataProductId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const summary = await getProductSummary((await params).dataProductId);
  return { title: summary ? `Summary · ${summary.dataProduct.name}` : 'Data product not found' };
}

/** A figure over releases: its heading, its chart, and the same numbers as a table. */
interface Figure {
  id: string;
  title: string;
  unit: SeriesUnit;
  kind: 'bar' | 'line';
  series: ReleaseSeries[];
  data: Record<string, string | number | null>[];
}

/**
 * A data product at a glance: how many rows its latest release holds, how its rows spread over its
 * low-cardinality columns, and how rows, changes, amounts and rates moved over its latest releases.
 */
export default async function DataProductSummaryPage({ params }: Props) {
  const id = (await params).dataProductId;
  const summary = await getProductSummary(id);
  if (!summary) notFound();
  const base = `/data-subscriptions/${encodeURIComponent(id)}`;
  const latest = summary.latestRelease;

  return (
    <div className="page page-wider" data-testid="data-product-summary-page">
      <Link href={base} className="subtle">
        ← {summary.dataProduct.name}
      </Link>
      <div className="page-header mt-3">
        <div>
          <h1>Summary</h1>
          <p>
            {summary.dataProduct.name}: totals, coverage and figures computed from the releases&apos; rows.{' '}
            <Link href={base}>Table</Link> · <Link href={`${base}/change-log`}>Change log</Link>
            {latest ? (
              <>
                {' '}
                ·{' '}
                <a href={xlsxHref(id, latest.id)} download>
                  Download XLSX
                </a>
              </>
            ) : null}
          </p>
        </div>
        <span className="badge">{capitalise(summary.dataProduct.cadence)}</span>
      </div>
      {latest === null ? (
        <div className="card card-body muted">No release yet: the summary starts with the first release.</div>
      ) : (
        <div className="stack">
          <Totals summary={summary} />
          <Coverage summary={summary} />
          <section aria-labelledby="figures-heading" className="stack">
            <h2 id="figures-heading">Over the releases</h2>
            {figuresOf(summary).map((figure) => (
              <FigureCard key={figure.id} figure={figure} />
            ))}
          </section>
        </div>
      )}
    </div>
  );
}

/** Every row of a release as a workbook (the BFF streams it from the documents service). */
function xlsxHref(id: string, releaseId: string): string {
  const query = new URLSearchParams({ release: releaseId, format: 'xlsx' });
  return `/api/data-products/${encodeURIComponent(id)}/download?${query}`;
}

function Totals({ summary }: { summary: ProductSummary }) {
  const latest = summary.latestRelease!;
  const items = [
    { term: 'Rows (latest release)', value: formatNumber(latest.rows), testId: 'summary-rows' },
    { term: 'Releases', value: formatNumber(summary.releaseCount), testId: 'summary-releases' },
    {
      term: 'Last release',
      value: `${latest.version} · as of ${latest.asOf} · published ${formatDate(latest.releasedAt)}`,
      testId: 'summary-last-release',
    },
    {
      term: 'Next expected',
      value: summary.nextExpected ?? `Not scheduled (${summary.dataProduct.cadence})`,
      testId: 'summary-next-expected',
    },
  ];
  return (
    <section className="card" aria-labelledby="totals-heading">
      <div className="card-header">
        <h2 id="totals-heading">Totals</h2>
      </div>
      <dl className={`card-body ${styles.totals}`}>
        {items.map((item) => (
          <div key={item.term}>
            <dt className="label">{item.term}</dt>
            <dd data-testid={item.testId}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Coverage({ summary }: { summary: ProductSummary }) {
  const rows = summary.latestRelease!.rows;
  return (
    <section className="card" aria-labelledby="coverage-heading">
      <div className="card-header">
        <h2 id="coverage-heading">Coverage</h2>
        <span className="subtle">Rows of release {summary.latestRelease!.version} by value</span>
      </div>
      <div className="card-body">
        {summary.coverage.length === 0 ? (
          <p className="muted">No column groups the rows into few enough values to count.</p>
        ) : (
          <div className={styles.coverage}>
            {summary.coverage.map((column) => (
              <table key={column.column} className="table" data-testid={`coverage-${column.column}`}>
                <caption className={styles.caption}>{columnLabel(column.column)}</caption>
                <thead>
                  <tr>
                    <th scope="col">Value</th>
                    <th scope="col" className={styles.number}>
                      Rows
                    </th>
                    <th scope="col" className={styles.number}>
                      Share
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {column.counts.map((count) => (
                    <tr key={count.value ?? ''}>
                      <th scope="row" className={styles.rowHeader}>
                        {count.value ?? <span className="muted">Not stated</span>}
                      </th>
                      <td className={styles.number}>{formatNumber(count.rows)}</td>
                      <td className={styles.number}>{rows > 0 ? `${Math.round((100 * count.rows) / rows)}%` : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function FigureCard({ figure }: { figure: Figure }) {
  return (
    <section className="card" aria-labelledby={`${figure.id}-heading`}>
      <div className="card-header">
        <h3 id={`${figure.id}-heading`}>{figure.title}</h3>
      </div>
      <div className="card-body">
        <ReleaseSeriesChart
          data={figure.data}
          series={figure.series}
          unit={figure.unit}
          kind={figure.kind}
          label={`${figure.title}, per release: the table below holds the same numbers`}
          testId={`chart-${figure.id}`}
        />
        <details className="mt-3">
          <summary>{figure.title} as a table</summary>
          <table className="table" data-testid={`table-${figure.id}`}>
            <thead>
              <tr>
                <th scope="col">Release</th>
                {figure.series.map((s) => (
                  <th key={s.key} scope="col" className={styles.number}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figure.data.map((row) => (
                <tr key={String(row.version)}>
                  <th scope="row" className={styles.rowHeader}>
                    {row.version} <span className="subtle">(as of {row.asOf})</span>
                  </th>
                  {figure.series.map((s) => (
                    <td key={s.key} className={styles.number}>
                      {row[s.key] === null || row[s.key] === undefined
                        ? '—'
                        : formatSeriesValue(Number(row[s.key]), figure.unit)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </section>
  );
}

/** Rows and changes per release, then one figure per money (sum) or percent (median) column. */
function figuresOf(summary: ProductSummary): Figure[] {
  const releases = summary.releases;
  const point = (r: ProductSummary['releases'][number]) => ({ version: r.version, asOf: r.asOf });
  const figures: Figure[] = [
    {
      id: 'rows',
      title: 'Rows per release',
      unit: 'count',
      kind: 'bar',
      series: [{ key: 'rows', label: 'Rows', color: '#3b6fd8' }],
      data: releases.map((r) => ({ ...point(r), rows: r.rows })),
    },
    {
      id: 'changes',
      title: 'Rows added, removed and changed',
      unit: 'count',
      kind: 'bar',
      series: [
        { key: 'added', label: 'Added', color: '#2f9e6a' },
        { key: 'removed', label: 'Removed', color: '#d0493c' },
        { key: 'changed', label: 'Changed', color: '#d99a23' },
      ],
      data: releases.map((r) => ({
        ...point(r),
        added: r.changes?.added ?? null,
        removed: r.changes?.removed ?? null,
        changed: r.changes?.changed ?? null,
      })),
    },
  ];
  const measured = new Map<string, 'sum' | 'median'>();
  for (const release of releases) for (const f of release.figures) measured.set(f.column, f.measure);
  for (const [column, measure] of measured) {
    figures.push({
      id: `${measure}-${column}`,
      title: `${measure === 'sum' ? 'Sum' : 'Median'} of ${columnLabel(column).toLowerCase()}`,
      unit: measure === 'sum' ? 'money' : 'percent',
      kind: 'line',
      series: [{ key: 'value', label: measure === 'sum' ? 'Sum' : 'Median', color: '#6a4fc4' }],
      data: releases.map((r) => ({
        ...point(r),
        value: r.figures.find((f) => f.column === column)?.value ?? null,
      })),
    });
  }
  return figures;
}
