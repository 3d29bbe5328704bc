import { status, type ServiceError } from '@grpc/grpc-js';
import { createLogger } from '@docket/observability';
import { SearchRequest, type DeepPartial, type SearchResponse } from '@docket/proto/src/search';
import type { QueryNode } from '@docket/query-language';
import { emptySearchFilters, type SearchFilters } from '../../src/domain/search-filters';
import type { RecordRequestInput } from '../../src/domain/workspace-request';
import type { SearchBackend, SearchQuery, SearchResult } from '../../src/search/index/search-backend';
import { searchServiceBinding } from '../../src/search/search.grpc';
import { SearchService, type SearchQueries, type SearchWorkspaces } from '../../src/search/search.service';

const logger = createLogger('search-grpc-test', 'silent');

/** A backend that records what it was asked and answers one hit per search. */
function recordingBackend(): SearchBackend & { queries: SearchQuery[] } {
  const queries: SearchQuery[] = [];
  const result: SearchResult = {
    hits: [
      {
        documentId: 'd1',
        title: 'T',
        titleHtml: 'T',
        snippet: 's',
        score: 1,
        sourceId: 'ferc',
        sourceName: 'FERC',
        docketNumber: '',
        filingType: '',
        filingCategory: '',
        parties: [],
      },
    ],
    total: 1,
    totalIsLowerBound: false,
    facets: [{ field: 'agency', buckets: [{ value: 'ferc', label: 'FERC', count: 1 }] }],
    nextCursor: 'next',
  };
  return {
    queries,
    search: async (query) => {
      queries.push(query);
      return result;
    },
    upsert: async () => 'inserted',
    remove: async () => false,
    rankForQuestion: async () => [],
    fetch: async () => [],
    countByDay: async () => [],
    count: async () => 1,
    beginBuild: async () => {
      throw new Error('not used');
    },
    close: async () => undefined,
  };
}

function call(
  binding: ReturnType<typeof searchServiceBinding>,
  request: DeepPartial<SearchRequest>,
): Promise<SearchResponse> {
  const handler = (
    binding.implementation as Record<
      string,
      (call: unknown, callback: (error: ServiceError | null, response?: SearchResponse) => void) => void
    >
  ).search!;
  return new Promise((resolve, reject) => {
    const fakeCall = {
      request: SearchRequest.fromPartial(request),
      getPath: () => '/research.query_engine.v1.SearchService/Search',
      getDeadline: () => Infinity,
      cancelled: false,
      on: () => undefined,
    };
    handler(fakeCall, (error, response) => {
      if (error) reject(error);
      else resolve(response as SearchResponse);
    });
  });
}

type Workspaces = { scope: SearchWorkspaces; queries: SearchQueries };

const deps = (index: SearchBackend, workspaces?: Workspaces) => ({
  search: new SearchService({ index, workspaces }),
  index,
  logger,
  startReindex: async () => 'process-1',
  budgetMs: 5_000,
});

describe('SearchService.Search', () => {
  it('hands the backend the query ANDed with the filters, answers with the normalised query and cursor', async () => {
    const index = recordingBackend();
    const response = await call(searchServiceBinding(deps(index)), {
      query: 'rate  OR case',
      filters: { agencies: ['ferc'] },
      limit: 5,
      includeFacets: true,
    });
    expect(index.queries[0]).toMatchObject({ sort: 'relevance', limit: 5, facets: true, cursor: undefined });
    expect(index.queries[0]!.query).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'term', value: 'rate' },
            { kind: 'term', value: 'case' },
          ],
        },
        { kind: 'and', children: [{ kind: 'field', field: 'agency', value: 'ferc' }] },
      ],
    } satisfies QueryNode);
    expect(response).toMatchObject({
      total: '1',
      nextCursor: 'next',
      normalizedQuery: 'rate OR case',
      requestId: '',
      facetsCounted: '1',
    });
    expect(response.hits[0]).toMatchObject({ documentId: 'd1', titleHtml: 'T' });
  });

  it('refuses a workspace search as unavailable while no workspace service is wired in', async () => {
    const error = await call(searchServiceBinding(deps(recordingBackend())), {
      query: 'rate',
      userId: 'u1',
      workspaceId: 'w1',
    }).catch((e: ServiceError) => e);
    expect(error).toMatchObject({ code: status.UNAVAILABLE, details: expect.stringMatching(/workspace/) });
  });

  describe('inside a workspace', () => {
    const defaults: SearchFilters = { ...emptySearchFilters(), agencies: ['cpuc'] };
    /** Workspaces that keep what was written: log entries, stored queries and their links. */
    function scope() {
      const recorded: RecordRequestInput[] = [];
      const stored: Parameters<SearchQueries['recordSearch']>[0][] = [];
      const linked: [string, string][] = [];
      const resolved: [string, string][] = [];
      const workspaceScope: Workspaces = {
        scope: {
          resolve: async (userId, workspaceId) => {
            resolved.push([userId, workspaceId]);
            return { defaultFilters: defaults };
          },
          recordRequest: async (request) => {
            recorded.push(request);
            return 'request-1';
          },
        },
        queries: {
          recordSearch: async (search) => {
            stored.push(search);
            return 'query-1';
          },
          setRequestId: async (queryId, requestId) => {
            linked.push([queryId, requestId]);
          },
        },
      };
      return { workspaceScope, recorded, stored, linked, resolved };
    }

    it('applies the default filters when the request has none; logs the first page with its stored query', async () => {
      const index = recordingBackend();
      const { workspaceScope, recorded, stored, linked, resolved } = scope();
      const response = await call(searchServiceBinding(deps(index, workspaceScope)), {
        query: '',
        userId: 'u1',
        workspaceId: 'w1',
        record: true,
      });
      expect(resolved).toEqual([['u1', 'w1']]);
      expect(JSON.stringify(index.queries[0]!.query)).toContain('"value":"cpuc"');
      expect(response.requestId).toBe('request-1');
      expect(recorded).toEqual([
        expect.objectContaining({
          workspaceId: 'w1',
          userId: 'u1',
          kind: 'search',
          text: '',
          filters: defaults,
          sort: 'relevance',
          resultCount: 1,
          resultCountIsLowerBound: false,
          queryId: 'query-1',
          // The log entry keeps the search's facets as they were counted.
          facets: [{ field: 'agency', buckets: [{ value: 'ferc', label: 'FERC', count: 1 }] }],
        }),
      ]);
      expect(stored).toEqual([
        expect.objectContaining({ workspaceId: 'w1', userId: 'u1', text: '', filters: defaults }),
      ]);
      expect(stored[0]!.hits.map((hit) => hit.documentId)).toEqual(['d1']);
      expect(linked).toEqual([['query-1', 'request-1']]);

      // A later page of the same search is not a new request.
      const next = await call(searchServiceBinding(deps(index, workspaceScope)), {
        query: '',
        userId: 'u1',
        workspaceId: 'w1',
        cursor: 'next',
        record: true,
      });
      expect(next.requestId).toBe('');
      expect(recorded).toHaveLength(1);
      expect(stored).toHaveLength(1);
    });

    it('reads without writing unless the request says record: the defaults apply, the log is untouched', async () => {
      const index = recordingBackend();
      const { workspaceScope, recorded, stored, resolved } = scope();
      const response = await call(searchServiceBinding(deps(index, workspaceScope)), {
        query: '',
        userId: 'u1',
        workspaceId: 'w1',
      });
      expect(resolved).toEqual([['u1', 'w1']]);
      expect(JSON.stringify(index.queries[0]!.query)).toContain('"value":"cpuc"');
      expect(response.requestId).toBe('');
      expect(recorded).toEqual([]);
      expect(stored).toEqual([]);
    });

    it("uses the request's own filters instead of the defaults", async () => {
      const index = recordingBackend();
      const { workspaceScope, recorded } = scope();
      await call(searchServiceBinding(deps(index, workspaceScope)), {
        query: 'rate',
        userId: 'u1',
        workspaceId: 'w1',
        filters: { agencies: ['ferc'] },
        record: true,
      });
      expect(JSON.stringify(index.queries[0]!.query)).not.toContain('cpuc');
      expect(recorded[0]!.filters?.agencies).toEqual(['ferc']);
    });

    it('needs the user, and refuses an empty search when the workspace has no default filters either', async () => {
      const { workspaceScope } = scope();
      await expect(
        call(searchServiceBinding(deps(recordingBackend(), workspaceScope)), { query: 'rate', workspaceId: 'w1' }),
      ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT, details: expect.stringMatching(/user/) });
      const bare: Workspaces = {
        ...workspaceScope,
        scope: { ...workspaceScope.scope, resolve: async () => ({ defaultFilters: emptySearchFilters() }) },
      };
      await expect(
        call(searchServiceBinding(deps(recordingBackend(), bare)), { query: ' ', userId: 'u1', workspaceId: 'w1' }),
      ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    });
  });
});
