import { formatNumber } from '@/lib/format';

// Shared by the summary page (a server component: its tables) and release-series-chart.tsx (a client
// component: its axes and tooltips); a 'use client' module's functions cannot be called on the server.

export interface ReleaseSeries {
  key: string;
  label: string;
  color: string;
}

export type SeriesUnit = 'count' | 'money' | 'percent';

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});

/** A value on an axis or in a tooltip, in the unit the series counts. */
export function formatSeriesValue(value: number, unit: SeriesUnit): string {
  if (unit === 'money') return compactMoney.format(value);
  if (unit === 'percent') return `${formatNumber(Math.round(value * 100) / 100)}%`;
  return formatNumber(value);
}
