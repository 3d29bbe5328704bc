'use client';

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import styles from './release-series-chart.module.css';
import { formatSeriesValue, type ReleaseSeries, type SeriesUnit } from './series-format';

/** The chart's height in pixels, as release-series-chart.module.css sets it (the first paint's size). */
const CHART_HEIGHT = 180;

/**
 * One figure over a product's releases (x: the release's version): bars for counts, a line for an
 * amount or a rate. Rendered in the browser; the server page passes plain data and renders the
 * same numbers as a table beside it.
 */
export function ReleaseSeriesChart({
  data,
  series,
  unit,
  kind,
  label,
  testId,
}: {
  data: Record<string, string | number | null>[];
  series: ReleaseSeries[];
  unit: SeriesUnit;
  kind: 'bar' | 'line';
  label: string;
  testId?: string;
}) {
  const format = (value: unknown) => formatSeriesValue(Number(value), unit);
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="#eef0f3" />
      <XAxis
        dataKey="version"
        tick={{ fontSize: 11, fill: '#6b7480' }}
        tickLine={false}
        minTickGap={16}
        // A line's first and last points whole, not cut by the plot's edges.
        padding={kind === 'line' ? { left: 24, right: 24 } : undefined}
      />
      <YAxis
        tickFormatter={format}
        tick={{ fontSize: 11, fill: '#6b7480' }}
        tickLine={false}
        axisLine={false}
        width={64}
        allowDecimals={unit !== 'count'}
      />
      <Tooltip formatter={format} contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#dfe3e8' }} />
      {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} iconSize={10} itemSorter={null} /> : null}
    </>
  );
  return (
    <div data-testid={testId} role="img" aria-label={label} className={styles.chart}>
      {/* A first size before the container is measured, so the chart shows on the first paint. */}
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: CHART_HEIGHT }}>
        {kind === 'bar' ? (
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            {axes}
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.color}
                maxBarSize={56}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        ) : (
          <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            {axes}
            {series.map((s) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                dot={{ r: 3 }}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
