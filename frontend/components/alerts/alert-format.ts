// How alerts read to people: cadence and channels in words, the weekday names, the search page's
// query string as an alert's definition (Save as alert) and back. Pure.
import type { AlertChannels, AlertFilters, AlertSchedule, Cadence } from './alert-types';

export const CADENCE_LABELS: Record<Cadence, string> = {
  realtime: 'Real-time',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** "Real-time", "Daily at 08:00 (Europe/Paris)", "Weekly on Monday at 08:00 (UTC)". */
export function scheduleLabel(schedule: AlertSchedule): string {
  if (schedule.cadence === 'realtime') return 'Real-time';
  const at = `at ${hourLabel(schedule.hour)} (${schedule.timeZone})`;
  return schedule.cadence === 'daily' ? `Daily ${at}` : `Weekly on ${WEEKDAYS[schedule.weekday] ?? 'Monday'} ${at}`;
}

/** "In-app · E-mail · Webhook". */
export function channelsLabel(channels: AlertChannels): string {
  return (
    [channels.inApp ? 'In-app' : '', channels.email ? 'E-mail' : '', channels.webhookEndpointId ? 'Webhook' : '']
      .filter(Boolean)
      .join(' · ') || 'No channel'
  );
}

export function emptyAlertFilters(): AlertFilters {
  return { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' };
}

type Params = Record<string, string | string[] | undefined>;
const list = (value: string | string[] | undefined): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean);
const one = (value: string | string[] | undefined): string => ((Array.isArray(value) ? value[0] : value) ?? '').trim();

/** /alerts/new's query string (the search page's names: q, agency, type, docket, party, from, to). */
export function alertPrefill(params: Params): { query: string; filters: AlertFilters } {
  return {
    query: one(params.q),
    filters: {
      agencies: list(params.agency),
      filingTypes: list(params.type),
      dockets: list(params.docket),
      parties: list(params.party),
      filedFrom: one(params.from),
      filedTo: one(params.to),
    },
  };
}

/** The /alerts/new address that saves this search as an alert. */
export function newAlertHref(query: string, filters: AlertFilters): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  for (const v of filters.agencies) params.append('agency', v);
  for (const v of filters.filingTypes) params.append('type', v);
  for (const v of filters.dockets) params.append('docket', v);
  for (const v of filters.parties) params.append('party', v);
  if (filters.filedFrom) params.set('from', filters.filedFrom);
  if (filters.filedTo) params.set('to', filters.filedTo);
  const text = params.toString();
  return text ? `/alerts/new?${text}` : '/alerts/new';
}

/** A name to start from: the query, or the first filter. */
export function suggestedName(query: string, filters: AlertFilters): string {
  const base = query || filters.dockets[0] || filters.parties[0] || filters.agencies[0] || filters.filingTypes[0] || '';
  return base.length > 80 ? `${base.slice(0, 77)}…` : base;
}

/** Plain text with the matched words between U+E000 and U+E001 → pieces to render, marked or not. */
export function snippetPieces(snippet: string): { text: string; marked: boolean }[] {
  const pieces: { text: string; marked: boolean }[] = [];
  let marked = false;
  let current = '';
  for (const char of snippet) {
    if (char === '\uE000' || char === '\uE001') {
      if (current) pieces.push({ text: current, marked });
      current = '';
      marked = char === '\uE000';
    } else {
      current += char;
    }
  }
  if (current) pieces.push({ text: current, marked });
  return pieces;
}
