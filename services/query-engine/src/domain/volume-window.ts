import { InputError } from '@docket/errors';

export const DEFAULT_VOLUME_DAYS = 30;
export const MAX_VOLUME_DAYS = 365;
const DAY_MS = 86_400_000;

/** The days an expected volume counts: the last `days` UTC days, today included. */
export interface VolumeWindow {
  /** Inclusive, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Every day of the window, oldest first. */
  days: string[];
}

export interface VolumeEstimate {
  from: string;
  to: string;
  total: number;
  /** One entry per day of the window, oldest first, days without a match included. */
  days: { day: string; count: number }[];
  /** Matches per day over the window, to one decimal. */
  perDay: number;
}

/** The window for a request's `days` (proto3's 0 means the default, 30). */
export function volumeWindow(days: number, now: Date): VolumeWindow {
  const length = days === 0 ? DEFAULT_VOLUME_DAYS : days;
  if (!Number.isInteger(length) || length < 1 || length > MAX_VOLUME_DAYS) {
    throw new InputError(`days: must be between 1 and ${MAX_VOLUME_DAYS}`, [
      { path: 'days', message: `must be between 1 and ${MAX_VOLUME_DAYS}, got ${days}` },
    ]);
  }
  const today = Math.floor(now.getTime() / DAY_MS);
  const list = Array.from({ length }, (_, i) => isoDay(today - length + 1 + i));
  return { from: list[0] as string, to: list.at(-1) as string, days: list };
}

/** The estimate from the counts the index found (days outside the window are ignored). */
export function volumeEstimate(window: VolumeWindow, counts: { day: string; count: number }[]): VolumeEstimate {
  const byDay = new Map(counts.map(({ day, count }) => [day, count]));
  const days = window.days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
  const total = days.reduce((sum, { count }) => sum + count, 0);
  return { from: window.from, to: window.to, total, days, perDay: Math.round((total / days.length) * 10) / 10 };
}

function isoDay(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}
