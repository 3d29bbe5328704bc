'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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
  return (
    <div data-testid={testId} role="img" aria-label={label} style={{ width: '100%', height }}>
      {/* A first size before the container is measured, so the bars show on the first paint. */}
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -24 }} barCategoryGap={1}>
          <CartesianGrid vertical={false} stroke="#eef0f3" />
          <XAxis dataKey={xKey} tick={{ fontSize: 11, fill: '#6b7480' }} tickLine={false} axisLine={{ stroke: '#dfe3e8' }} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#6b7480' }} tickLine={false} axisLine={false} width={48} />
          <Tooltip cursor={{ fill: '#f6f7f9' }} contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#dfe3e8' }} />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} iconSize={10} /> : null}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="stack" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
