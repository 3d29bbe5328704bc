import { InputError } from '@docket/errors';

/** Where a page of the newest-first query list stopped: the last (createdAt, id) shown. */
export interface QueryListPosition {
  createdAt: Date;
  id: string;
}

export function encodeListCursor(position: QueryListPosition): string {
  return Buffer.from(JSON.stringify({ t: position.createdAt.getTime(), id: position.id })).toString('base64url');
}

/** Decodes a cursor made by encodeListCursor; anything else is the caller's mistake. */
export function decodeListCursor(cursor: string): QueryListPosition {
  try {
    const { t, id } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t: unknown; id: unknown };
    // A time outside Date's range (±8.64e15 ms) would reach the database as an Invalid Date.
    const createdAt = new Date(typeof t === 'number' ? t : NaN);
    if (!Number.isNaN(createdAt.getTime()) && typeof id === 'string' && /^[0-9a-f]{24}$/.test(id))
      return { createdAt, id };
  } catch {
    // fall through to the error below
  }
  throw new InputError('the cursor is not one this list gave out', [
    { path: 'cursor', message: 'must be the next_cursor of a previous page' },
  ]);
}
