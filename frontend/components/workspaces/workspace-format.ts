// Pure helpers for the workspace pages: labels, links into a workspace, filters as readable rows.
import type { FieldIssue } from '@/lib/api-error';
import { formatCount } from '@/lib/format';
import type { Source } from '@/lib/types';
import type { RequestKind, RequestSort, WorkspaceFilters, WorkspaceRequest, WorkspaceRole } from './workspace-types';

export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: 'Everything an editor can do, and manages members',
  editor: 'Runs searches and questions, changes the name, description and filters',
  viewer: 'Reads the workspace and its log; runs nothing, changes nothing',
};

export const KIND_LABELS: Record<RequestKind, string> = { search: 'Search', query: 'Question' };

export const SORT_LABELS: Record<RequestSort, string> = {
  relevance: 'Most relevant',
  filed_newest: 'Newest filed',
  filed_oldest: 'Oldest filed',
};

/** The normalised filing categories of the catalog (documents service), offered as filing-type filters. */
export const FILING_CATEGORIES = [
  'Decision',
  'Order',
  'Testimony',
  'Comment',
  'Stipulation',
  'Tariff',
  'Notice',
  'Motion',
  'Brief',
  'Application',
  'Other',
] as const;

export function workspaceSearchPath(workspaceId: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}/search`;
}

export function workspaceQueryPath(workspaceId: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}/query`;
}

export function workspacePreviewPath(workspaceId: string): string {
  return `/workspaces/preview?id=${encodeURIComponent(workspaceId)}`;
}

export function workspaceSettingsPath(workspaceId: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}/settings`;
}

/** The workspace list after a deletion, with a notice naming the workspace that went (see deletedNoticeOf). */
export function deletedWorkspaceNoticePath(name: string): string {
  return `/workspaces/select?deleted=${encodeURIComponent(name)}`;
}

/**
 * The name for the notice on /workspaces/select?deleted=…, bounded like a workspace name; null when
 * absent. It is only ever shown as text ("… was deleted"), so a hand-made link can show nothing worse.
 */
export function deletedNoticeOf(value: string | string[] | undefined): string | null {
  const name = (Array.isArray(value) ? value[0] : value)?.trim();
  return name ? name.slice(0, 100) : null;
}

/** The workspace a path is inside of (/workspaces/{id}/search, /query, /log/…, /settings), if any. */
export function currentWorkspaceId(pathname: string): string | null {
  const match = /^\/workspaces\/([^/]+)\/(search|query|log|settings)(\/|$)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** A request's page in the log: a question opens on its analysis, a search on its documents. */
export function requestPath(
  request: Pick<WorkspaceRequest, 'workspaceId' | 'id' | 'kind'>,
  view?: 'analysis' | 'documents' | 'figures',
): string {
  const shown = view ?? (request.kind === 'query' ? 'analysis' : 'documents');
  return `/workspaces/${encodeURIComponent(request.workspaceId)}/log/${encodeURIComponent(request.id)}/${shown}`;
}

export interface FilterRow {
  label: string;
  values: string[];
}

/** The filters that restrict anything, as labelled rows; agencies by name when the catalog knows them. */
export function filterRows(filters: WorkspaceFilters, sourceNames: Record<string, string> = {}): FilterRow[] {
  const rows: FilterRow[] = [];
  if (filters.agencies.length > 0)
    rows.push({ label: 'Agencies and courts', values: filters.agencies.map((id) => sourceNames[id] ?? id) });
  if (filters.filingTypes.length > 0) rows.push({ label: 'Filing types', values: filters.filingTypes });
  if (filters.dockets.length > 0) rows.push({ label: 'Dockets', values: filters.dockets });
  if (filters.parties.length > 0) rows.push({ label: 'Parties', values: filters.parties });
  const range = dateRange(filters.filedFrom, filters.filedTo);
  if (range) rows.push({ label: 'Filed', values: [range] });
  return rows;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function day(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

export function dateRange(from: string | null, to: string | null): string | null {
  if (from && to) return from === to ? `On ${day(from)}` : `${day(from)} – ${day(to)}`;
  if (from) return `From ${day(from)}`;
  if (to) return `Until ${day(to)}`;
  return null;
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date. */
export function formatRelative(value: string | null, now: Date = new Date()): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return dayFormat.format(date);
}

export function formatTook(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** "1 hit", "3 hits"; "10,000+ hits" when the count is a lower bound. */
export function plural(count: number, one: string, many = `${one}s`, isLowerBound = false): string {
  return `${formatCount(count, isLowerBound)} ${count === 1 && !isLowerBound ? one : many}`;
}

export type FormField =
  'name' | 'description' | 'agencies' | 'filingTypes' | 'dockets' | 'parties' | 'filedFrom' | 'filedTo';

/**
 * The API names fields by their JSON path (`defaultFilters.dockets.3`); the form shows each issue
 * under its control, saying which value when it is one of a list.
 */
export function fieldErrorsOf(
  issues: FieldIssue[],
  values: Partial<Record<FormField, string[]>>,
): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const issue of issues) {
    const [first, second, index] = issue.path.split('.');
    const field = (first === 'defaultFilters' ? second : first) as FormField | undefined;
    if (!field || !(field in FIELD_LABELS) || out[field]) continue;
    const value = index !== undefined ? values[field]?.[Number(index)] : undefined;
    out[field] =
      value !== undefined
        ? `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}” ${issue.message}`
        : `${FIELD_LABELS[field] ?? 'This'} ${issue.message}`;
  }
  return out;
}

const FIELD_LABELS: Record<FormField, string> = {
  name: 'The name',
  description: 'The description',
  agencies: 'The list of agencies',
  filingTypes: 'The list of filing types',
  dockets: 'The list of dockets',
  parties: 'The list of parties',
  filedFrom: 'The start date',
  filedTo: 'The end date',
};

/** The catalog's sources as picker options (agencies, then courts; by name). */
export function agencyOptions(
  sources: Source[],
): { id: string; name: string; shortName: string; kind: string; documentCount: number }[] {
  return sources
    .map((s) => ({
      id: s.id,
      name: s.name || s.id,
      shortName: s.shortName,
      kind: s.kind,
      documentCount: s.documentCount,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The filing categories, each with how many filings of it the catalog holds (null when none are known). */
export function filingTypeOptions(sources: Source[]): { name: string; count: number | null }[] {
  const counts = new Map<string, number>();
  for (const source of sources)
    for (const t of source.filingTypes) counts.set(t.category, (counts.get(t.category) ?? 0) + t.count);
  return FILING_CATEGORIES.map((name) => ({ name, count: counts.get(name) ?? null }));
}

/** Source id → "California Public Utilities Commission (CPUC)", or just "CPUC" where space is short. */
export function sourceNamesOf(sources: Source[], form: 'full' | 'short' = 'full'): Record<string, string> {
  return Object.fromEntries(
    sources.map((s) => {
      const abbreviated = s.shortName && s.shortName !== s.name;
      if (form === 'short') return [s.id, abbreviated ? s.shortName : s.name || s.id];
      return [s.id, abbreviated ? `${s.name} (${s.shortName})` : s.name || s.id];
    }),
  );
}

/** "AB" for Ada Byron, "A" for ada@…, "?" for nobody. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words.at(-1)![0]!).toUpperCase();
  if (words.length === 1) return words[0]![0]!.toUpperCase();
  return email ? email[0]!.toUpperCase() : '?';
}
