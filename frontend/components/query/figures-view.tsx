'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CountBucket, ExtractedNumber, FigureCounts, Figures } from '@/lib/query-types';
import { citationHref, citationPlace } from './citations';
import { FigureCard } from './figure-card';
import styles from './query.module.css';

const ACCENT = '#2f5fb3';
const TICK = { fontSize: 11, fill: '#6b7480' };
const MAX_BARS = 12;
const numberFormat = new Intl.NumberFormat('en-US');
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2024-03" → "Mar 2024". */
function monthLabel(key: string): string {
  const date = new Date(`${key}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? key : monthFormat.format(date);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A category label on one line, shortened, with the full text as its tooltip (recharts would wrap it). */
function CategoryTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  const full = String(payload?.value ?? '');
  return (
    <g transform={`translate(${Number(x ?? 0)},${Number(y ?? 0)})`}>
      <title>{full}</title>
      <text x={-6} y={0} dy={4} textAnchor="end" fontSize={11} fill="#6b7480">
        {shorten(full, 26)}
      </text>
    </g>
  );
}

function ScreenReaderTable({ caption, rows }: { caption: string; rows: { label: string; count: number }[] }) {
  return (
    // Hidden by a wrapper: a table is never narrower than its content, so hiding the table itself
    // leaves a wide invisible box that gives the page a horizontal scrollbar.
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MonthlyChart({ buckets }: { buckets: CountBucket[] }) {
  const data = buckets.map((b) => ({ month: monthLabel(b.key), filings: b.count }));
  return (
    <>
      <div role="img" aria-label="Filings per month" className={styles.monthsChart}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 700, height: 220 }}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barCategoryGap={2}>
            <CartesianGrid vertical={false} stroke="#eef0f3" />
            <XAxis dataKey="month" tick={TICK} tickLine={false} axisLine={{ stroke: '#dfe3e8' }} minTickGap={24} />
            <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={48} />
            <Tooltip
              cursor={{ fill: '#f6f7f9' }}
              contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#dfe3e8' }}
            />
            <Bar dataKey="filings" name="Filings" fill={ACCENT} isAnimationActive={false} maxBarSize={48} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ScreenReaderTable caption="Filings per month" rows={data.map((d) => ({ label: d.month, count: d.filings }))} />
    </>
  );
}

function CountChart({ buckets, label }: { buckets: CountBucket[]; label: string }) {
  const shown = buckets.slice(0, MAX_BARS).map((b) => ({ name: b.label || b.key, filings: b.count }));
  const height = Math.max(120, shown.length * 28 + 24);
  return (
    <>
      <div role="img" aria-label={label} className={styles.countsChart} style={{ height }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 420, height }}>
          <BarChart
            data={shown}
            layout="vertical"
            margin={{ top: 4, right: 24, bottom: 0, left: 0 }}
            barCategoryGap={6}
          >
            <CartesianGrid horizontal={false} stroke="#eef0f3" />
            <XAxis type="number" allowDecimals={false} tick={TICK} tickLine={false} axisLine={{ stroke: '#dfe3e8' }} />
            <YAxis
              type="category"
              dataKey="name"
              tick={(props: object) => <CategoryTick {...props} />}
              tickLine={false}
              axisLine={false}
              width={190}
              interval={0}
            />
            <Tooltip
              cursor={{ fill: '#f6f7f9' }}
              contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#dfe3e8' }}
            />
            <Bar dataKey="filings" name="Filings" fill={ACCENT} isAnimationActive={false} maxBarSize={22} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {buckets.length > MAX_BARS ? (
        <p className="subtle text-xs">
          The {MAX_BARS} largest of {buckets.length}; the CSV has them all.
        </p>
      ) : null}
      <ScreenReaderTable caption={label} rows={shown.map((d) => ({ label: d.name, count: d.filings }))} />
    </>
  );
}

const bucketCsv = (buckets: CountBucket[], what: string) => ({
  header: [what, 'key', 'filings'],
  rows: buckets.map((b) => [b.label || b.key, b.key, b.count]),
});

const NUMBER_KINDS: Record<string, string> = { amount: 'Amount', percentage: 'Percentage', date: 'Date' };

function numberValue(n: ExtractedNumber): string {
  if (n.kind === 'date') {
    const date = new Date(n.value);
    return Number.isNaN(date.getTime()) ? String(n.value) : date.toISOString().slice(0, 10);
  }
  if (n.kind === 'percentage') return `${numberFormat.format(n.value)} %`;
  return `${numberFormat.format(n.value)}${n.unit ? ` ${n.unit}` : ''}`;
}

/**
 * The figures of what the answer is about: for one proceeding, its filings (with a switch to
 * everything the question retrieved); else everything retrieved.
 */
export function FiguresView({ figures: all, question }: { figures: Figures; question: string }) {
  const [everything, setEverything] = useState(false);
  const figures: FigureCounts = everything && all.retrieved ? all.retrieved : all;
  const scoped = all.retrieved !== null && !everything;
  const filings = `${numberFormat.format(figures.resultCount)} ${figures.resultCount === 1 ? 'filing' : 'filings'}`;
  const charts: { title: string; what: string; buckets: CountBucket[]; testId: string }[] = [
    { title: 'Filings by agency', what: 'agency', buckets: figures.byAgency, testId: 'figure-agency' },
    {
      title: 'Filings by filing type',
      what: 'filing type',
      buckets: figures.byFilingType,
      testId: 'figure-filing-type',
    },
    { title: 'Filings by party', what: 'party', buckets: figures.byParty, testId: 'figure-party' },
    { title: 'Filings by docket', what: 'docket', buckets: figures.byDocket, testId: 'figure-docket' },
  ];

  if (figures.resultCount === 0 && figures.numbers.length === 0) {
    return (
      <div className="card empty-state" data-testid="figures-empty">
        <h2>Nothing to chart</h2>
        <p>No filings matched, so there are no figures for this request.</p>
      </div>
    );
  }

  return (
    <div className="stack" data-testid="figures-view">
      {all.retrieved ? (
        <div className="row" role="group" aria-label="What the figures describe" data-testid="figures-scope">
          <button
            type="button"
            className={`btn btn-sm${scoped ? ' btn-primary' : ''}`}
            aria-pressed={scoped}
            onClick={() => setEverything(false)}
          >
            Docket {all.scopeDocketNumber} ({numberFormat.format(all.resultCount)})
          </button>
          <button
            type="button"
            className={`btn btn-sm${scoped ? '' : ' btn-primary'}`}
            aria-pressed={!scoped}
            onClick={() => setEverything(true)}
          >
            Everything retrieved ({numberFormat.format(all.retrieved.resultCount)})
          </button>
        </div>
      ) : null}
      <p className="muted" data-testid="figures-describe">
        {scoped
          ? `The charts describe the ${filings} of docket ${all.scopeDocketNumber}, the proceeding the answer is ` +
            'about, among those found and read; the'
          : `The charts describe the ${filings} that match; the`}{' '}
        table lists the numbers found in the cited passages.
      </p>

      {figures.filingsByMonth.length > 0 ? (
        <FigureCard
          title="Filings over time"
          description="Filings per month"
          testId="figure-over-time"
          csv={{ header: ['month', 'filings'], rows: figures.filingsByMonth.map((b) => [b.key, b.count]) }}
        >
          <MonthlyChart buckets={figures.filingsByMonth} />
        </FigureCard>
      ) : null}

      <div className={styles.figureGrid}>
        {charts
          .filter((c) => c.buckets.length > 0)
          .map((c) => (
            <FigureCard key={c.testId} title={c.title} testId={c.testId} csv={bucketCsv(c.buckets, c.what)}>
              <CountChart buckets={c.buckets} label={c.title} />
            </FigureCard>
          ))}
      </div>

      <FigureCard
        title="Numbers in the cited passages"
        description="Amounts, percentages and dates, each with the passage it comes from"
        testId="figure-numbers"
        csv={{
          header: ['kind', 'as written', 'value', 'unit', 'document id', 'document', 'page', 'start', 'end', 'passage'],
          rows: figures.numbers.map((n) => [
            n.kind,
            n.text,
            n.value,
            n.unit,
            n.citation?.documentId,
            n.citation?.documentTitle,
            n.citation?.page || null,
            n.citation?.start,
            n.citation?.end,
            n.citation?.quote,
          ]),
        }}
      >
        {figures.numbers.length === 0 ? (
          <p className="muted" data-testid="numbers-empty">
            The cited passages hold no amounts, percentages or dates.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="numbers-table">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">As written</th>
                  <th scope="col" className="num">
                    Value
                  </th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {figures.numbers.map((n, i) => (
                  <tr key={i} data-testid="number-row">
                    <td>{NUMBER_KINDS[n.kind] ?? n.kind}</td>
                    <td>{n.text}</td>
                    <td className="num nowrap">{numberValue(n)}</td>
                    <td>
                      {n.citation ? (
                        <Link
                          href={citationHref(n.citation, question)}
                          prefetch={false}
                          title={n.citation.quote}
                          data-testid="number-source"
                        >
                          {citationPlace(n.citation)}
                        </Link>
                      ) : (
                        <span className="subtle">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </FigureCard>
    </div>
  );
}
