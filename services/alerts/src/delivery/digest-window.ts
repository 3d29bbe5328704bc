import type { CadenceName } from '../domain/delivery-ports';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock hour, weekday (0 = Sunday) and date (YYYY-MM-DD) at `at` in a time zone. */
export function localTime(at: Date, timeZone: string): { hour: number; weekday: number; date: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone || 'UTC').formatToParts(at);
  } catch {
    parts = formatterFor('UTC').formatToParts(at); // an unknown zone (validated at creation) reads as UTC
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    hour: Number(part('hour')) % 24,
    weekday: WEEKDAYS.indexOf(part('weekday')),
    date: `${part('year')}-${part('month')}-${part('day')}`,
  };
}

/** The start of the UTC hour `at` falls in: the digest tick's window. */
export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/**
 * Whether an alert's digest is due in the hourly window starting at `windowStart`: its hour has come
 * in its own time zone (and, weekly, its weekday). Zones with half-hour offsets are due at the tick
 * within their hour. A day whose hour a DST change skips has no digest: its hits wait for the next one.
 */
export function isDigestDue(
  alert: { cadence: CadenceName; hour: number; weekday: number; timeZone: string },
  windowStart: Date,
): boolean {
  if (alert.cadence === 'realtime') return false;
  const local = localTime(windowStart, alert.timeZone);
  if (local.hour !== alert.hour) return false;
  return alert.cadence === 'daily' || local.weekday === alert.weekday;
}
