import { InputError } from '@docket/errors';
import { emptySearchFilters } from '../../src/domain/search-filters';
import {
  decodeCursor,
  encodeCursor,
  pageSize,
  validateRecordRequest,
  type RecordRequestInput,
} from '../../src/domain/workspace-request';

const valid: RecordRequestInput = {
  workspaceId: 'ws-1',
  userId: 'u-1',
  kind: 'search',
  text: ' wildfire ',
  tookMs: 12.5,
  resultCount: 3,
};

function issuesOf(input: RecordRequestInput) {
  try {
    validateRecordRequest(input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).issues;
  }
}

describe('recording a workspace request', () => {
  it('fills in the defaults: relevance, no filters, no query yet', () => {
    expect(validateRecordRequest(valid)).toEqual({
      workspaceId: 'ws-1',
      userId: 'u-1',
      kind: 'search',
      text: 'wildfire',
      filters: emptySearchFilters(),
      sort: 'relevance',
      tookMs: 12.5,
      resultCount: 3,
      resultCountIsLowerBound: false,
      queryId: '',
      facets: [],
    });
  });

  it('keeps a search’s facets as counted', () => {
    const facets = [{ field: 'year', buckets: [{ value: '2024', label: '2024', count: 7 }] }];
    expect(validateRecordRequest({ ...valid, facets }).facets).toEqual(facets);
  });

  it('keeps that a search matched more than its count says', () => {
    expect(validateRecordRequest({ ...valid, resultCount: 20_000, resultCountIsLowerBound: true })).toMatchObject({
      resultCount: 20_000,
      resultCountIsLowerBound: true,
    });
  });

  it('allows a search without text (filters only) but not a question without one', () => {
    expect(issuesOf({ ...valid, text: '' })).toEqual([]);
    expect(issuesOf({ ...valid, kind: 'query', text: ' ' })).toEqual([
      { path: 'text', message: 'a query needs its question' },
    ]);
  });

  it('names every malformed field', () => {
    const issues = issuesOf({
      ...valid,
      workspaceId: ' ',
      userId: '',
      kind: 'browse' as never,
      sort: 'newest' as never,
      tookMs: -1,
      resultCount: 1.5,
      filters: { filedFrom: 'soon' },
    });
    expect(issues.map((i) => i.path)).toEqual([
      'workspace_id',
      'user_id',
      'kind',
      'sort',
      'took_ms',
      'result_count',
      'filters.filed_from',
    ]);
  });
});

describe('log cursors and page sizes', () => {
  it('round-trips a position, ids with colons included', () => {
    const position = { createdAt: new Date('2025-05-05T05:05:05.123Z'), id: 'a:b-c' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    expect(decodeCursor('')).toBeUndefined();
  });

  it('refuses a cursor it did not make, naming the field', () => {
    expect(() => decodeCursor('not a cursor')).toThrow(InputError);
    expect(() => decodeCursor(Buffer.from('x:y').toString('base64url'))).toThrow(/invalid cursor/);
  });

  it('reads 0 as the default and refuses sizes out of range', () => {
    expect(pageSize(0, 'limit', 20, 100)).toBe(20);
    expect(pageSize(100, 'limit', 20, 100)).toBe(100);
    expect(() => pageSize(101, 'limit', 20, 100)).toThrow(InputError);
    expect(() => pageSize(-1, 'limit', 20, 100)).toThrow(InputError);
  });
});
