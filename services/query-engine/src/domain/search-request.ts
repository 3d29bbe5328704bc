import { InputError, type FieldIssue } from '@docket/errors';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** Deep offsets are costly with BM25 ranking; later issues replace them with cursors. */
export const MAX_OFFSET = 10_000;
export const MAX_QUERY_LENGTH = 1_000;

export interface SearchRequestInput {
  query: string;
  limit: number;
  offset: number;
}

/**
 * Validates a search request as it comes off the wire. proto3 cannot tell "unset" from 0, so a
 * limit of 0 means the default; anything else outside 1–100 is the caller's mistake.
 */
export function validateSearchRequest(input: SearchRequestInput): SearchRequestInput {
  const issues: FieldIssue[] = [];
  const query = input.query.trim();
  if (query.length === 0) issues.push({ path: 'query', message: 'must not be empty' });
  if (query.length > MAX_QUERY_LENGTH) issues.push({ path: 'query', message: `must be at most ${MAX_QUERY_LENGTH} characters` });
  const limit = input.limit === 0 ? DEFAULT_LIMIT : input.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) issues.push({ path: 'limit', message: `must be between 1 and ${MAX_LIMIT}` });
  const offset = input.offset;
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) issues.push({ path: 'offset', message: `must be between 0 and ${MAX_OFFSET}` });
  if (issues.length > 0) throw new InputError('invalid search request', issues);
  return { query, limit, offset };
}
