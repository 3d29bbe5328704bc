import { createHash } from 'node:crypto';
import { InputError } from '@docket/errors';
import { normalizeQuery, type QueryNode } from '@docket/query-language';

/**
 * Opaque cursors for keyset pagination. A backend puts whatever marks its position in `position`
 * (the SQLite backend: sort key and rowid); the cursor also carries a fingerprint of the query and
 * sort it was made for, so a cursor replayed against another search is refused instead of silently
 * returning a wrong page. Encoded as base64url JSON: opaque to callers, not a secret.
 */
export interface CursorPosition {
  /** Which ordering the position belongs to (a backend may fall back from relevance to date). */
  order: string;
  values: (string | number | null)[];
}

const CURSOR_VERSION = 1;
const MAX_CURSOR_LENGTH = 2_000;

/** Same query (after normalisation) and same sort ⇒ same fingerprint. */
export function searchFingerprint(query: QueryNode, sort: string): string {
  return createHash('sha256')
    .update(JSON.stringify([normalizeQuery(query), sort]))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(fingerprint: string, position: CursorPosition): string {
  return Buffer.from(
    JSON.stringify({ v: CURSOR_VERSION, f: fingerprint, o: position.order, p: position.values }),
    'utf8',
  ).toString('base64url');
}

/** The position in `cursor`; an InputError on `cursor` when it is malformed or from another search. */
export function decodeCursor(cursor: string, fingerprint: string): CursorPosition {
  const malformed = () =>
    new InputError('the cursor is not valid', [
      { path: 'cursor', message: 'is malformed; use next_cursor from a previous response as it was' },
    ]);
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/u.test(cursor)) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (!isCursorBody(parsed)) throw malformed();
  if (parsed.f !== fingerprint) {
    throw new InputError('the cursor belongs to another search', [
      { path: 'cursor', message: 'was made for a different query, filters or sort; start again without a cursor' },
    ]);
  }
  return { order: parsed.o, values: parsed.p };
}

function isCursorBody(value: unknown): value is { v: number; f: string; o: string; p: (string | number | null)[] } {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    body.v === CURSOR_VERSION &&
    typeof body.f === 'string' &&
    typeof body.o === 'string' &&
    Array.isArray(body.p) &&
    body.p.every(
      (item) => item === null || typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)),
    )
  );
}
