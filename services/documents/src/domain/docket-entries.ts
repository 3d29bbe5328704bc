import { InputError } from '@docket/errors';

/** A filing that is an entry of its court's docket, as the docket numbers it. */
export interface DocketEntryMark {
  /** As the court writes it ("12"); '' for an unnumbered entry. */
  number: string;
  /** The number's value, for ordering ("12" → 12); null when it has none. */
  order: number | null;
}

export function docketEntryMark(number: string): DocketEntryMark {
  const trimmed = number.trim();
  const digits = /^\d+/u.exec(trimmed)?.[0];
  return { number: trimmed, order: digits ? Number(digits) : null };
}

/** How much of a filing's text a docket's listing shows. */
export const LEAD_CHARS = 500;

/**
 * The start of a filing's text as a docket lists it. An entry's text opens with a heading that
 * names its case, number and day (what the table's other columns say), so its lead starts after it.
 */
export function leadOf(text: string, entry: DocketEntryMark | undefined): string {
  const body = entry ? text.replace(/^[^\n]*\n\s*/u, '') : text;
  // Only as much of the text as the lead needs is flattened (a filing's text may run to megabytes):
  // once the flattened start is longer than the lead, it begins as the whole flattened text does.
  let flat = '';
  for (let window = LEAD_CHARS * 4; ; window *= 4) {
    flat = body.slice(0, window).replace(/\s+/gu, ' ').trim();
    if (flat.length > LEAD_CHARS || window >= body.length) break;
  }
  if (flat.length <= LEAD_CHARS) return flat;
  return `${flat.slice(0, LEAD_CHARS - 1).replace(/\s+\S*$/u, '')}…`;
}

/**
 * The listing key: its docket, entries apart from other filings, then the day, the entry's number
 * and the document. Sorting by it is the court's order (date, then number); a docket's listing
 * is a range of it, which an index on it answers without reading the docket's documents.
 */
export function docketListingKey(
  docketId: string,
  documentId: string,
  fields: { docketEntry?: DocketEntryMark | undefined; filedAt?: Date | undefined },
): string {
  const day =
    fields.filedAt && !Number.isNaN(fields.filedAt.getTime())
      ? fields.filedAt.toISOString().slice(0, 10).replace(/-/gu, '')
      : UNDATED;
  const order = fields.docketEntry?.order;
  const place =
    order === null || order === undefined ? UNNUMBERED : String(Math.min(order, MAX_ORDER)).padStart(ORDER_DIGITS, '0');
  return `${docketListingPrefix(docketId, fields.docketEntry ? 'entries' : 'filings')}${day}:${place}:${documentId}`;
}

/** Every key of the docket's entries, or of its other filings, starts with this. */
export function docketListingPrefix(docketId: string, kind: 'entries' | 'filings'): string {
  return `${docketId}:${kind === 'entries' ? 'e' : 'f'}:`;
}

/** The document a listing key belongs to (its last part). */
export function documentIdOfListingKey(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1);
}

const ORDER_DIGITS = 10;
const MAX_ORDER = 10 ** ORDER_DIGITS - 1;
/** After every day and every number: undated filings and unnumbered entries come last among their peers. */
const UNDATED = '99999999';
const UNNUMBERED = 'z'.repeat(ORDER_DIGITS);

export const ENTRIES_PAGE_SIZE_DEFAULT = 50;
export const ENTRIES_PAGE_SIZE_MAX = 200;
/** Far beyond any docket; a larger token is no token this service gave. */
const MAX_OFFSET = 10_000_000;

/** 0 means the default; more than the maximum is the maximum. */
export function entriesPageSizeOf(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0)
    throw new InputError('invalid page size', [{ path: 'pageSize', message: 'must be a non-negative integer' }]);
  if (requested === 0) return ENTRIES_PAGE_SIZE_DEFAULT;
  return Math.min(requested, ENTRIES_PAGE_SIZE_MAX);
}

/** A page token is the number of entries before the page ('' for the first), so a caller may start anywhere. */
export function entriesOffsetOf(pageToken: string): number {
  if (pageToken === '') return 0;
  const offset = /^\d{1,8}$/u.test(pageToken) ? Number(pageToken) : Number.NaN;
  if (!(offset <= MAX_OFFSET))
    throw new InputError('invalid page token', [{ path: 'pageToken', message: 'is not a token from a previous page' }]);
  return offset;
}
