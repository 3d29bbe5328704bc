'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { integerTicks } from '@/lib/chart-series';
import { formatNumber } from '@/lib/format';
import styles from './bar-history-chart.module.css';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/**
 * A small stacked bar chart over time (days or months). Rendered in the browser; the server page
 * passes plain data, and a visually hidden table (rendered by the caller) carries the same numbers.
 */
export function BarHistoryChart({
  data,
  xKey,
  series,
  height = 140,
  testId,
  label,
}: {
  data: Record<string, string | number>[];
  xKey: string;
  series: ChartSeries[];
  height?: number;
  testId?: string;
  label: string;
}) {
  // Whole-number ticks people count in (0 1 2 3 4, not 0 1 2 4), and an axis wide enough for the
  // longest label so none is clipped.
  const highest = Math.max(0, ...data.map((row) => series.reduce((sum, s) => sum + (Number(row[s.key]) || 0), 0)));
  const ticks = integerTicks(highest);
  const axisWidth = 12 + 7 * Math.max(...ticks.map((t) => formatNumber(t).length));
  return (
    <div data-testid={testId} role="img" aria-label={label} className={styles.chart} style={{ height }}>
      {/* A first size before the container is measured, so the bars show on the first paint. */}
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} barCategoryGap={1}>
          <CartesianGrid vertical={false} stroke="#eef0f3" />
          <XAxis
            dataKey={xKey}
            tick={{ fontSize: 11, fill: '#6b7480' }}
            tickLine={false}
            axisLine={{ stroke: '#dfe3e8' }}
            minTickGap={24}
          />
          <YAxis
            ticks={ticks}
            domain={[0, ticks.at(-1)!]}
            interval={0}
            allowDecimals={false}
            tickFormatter={formatNumber}
            tick={{ fontSize: 11, fill: '#6b7480' }}
            tickLine={false}
            axisLine={false}
            width={axisWidth}
          />
          <Tooltip
            cursor={{ fill: '#f6f7f9' }}
            contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#dfe3e8' }}
          />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} iconSize={10} /> : null}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="stack" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
