import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import { InputError, UnavailableError } from '@docket/errors';
import { createLogger } from '@docket/observability';
import { SearchRequest, SearchServiceClient } from '@docket/proto/src/search';
import { grpcCall, startGrpcServer, type RunningGrpcServer } from '@docket/service-kit';
import type { QueryBudget } from '../../src/search/index/query-budget';
import type { SearchQuery, SearchResult } from '../../src/search/index/search-backend';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import { searchServiceBinding } from '../../src/search/search.grpc';
import { SearchService } from '../../src/search/search.service';
import { fillCostly } from '../shared/costly-corpus';

/**
 * A caller's deadline and cancellation reach the SQLite work: the BFF's grpcCall (with its signal)
 * against the real SearchService over a real gRPC connection, backed by an index made costly to
 * search (costly-corpus.ts); the backend records how each search ended on the engine's side.
 */
const logger = createLogger('search-cancellation-test', 'silent');
const HEAVY = SearchRequest.fromPartial({
  query: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' OR '),
  limit: 20,
  includeFacets: true,
});

let dir: string;
let backend: SqliteFts5Backend;
let server: RunningGrpcServer;
let client: SearchServiceClient;
let started: () => void = () => undefined;
let ended: (outcome: string) => void = () => undefined;

/** The real backend, telling when each search starts and whether it was answered or stopped, and why. */
function recording(inner: SqliteFts5Backend): SqliteFts5Backend {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property !== 'search') return Reflect.get(target, property, receiver) as unknown;
      return async (query: SearchQuery, budget?: QueryBudget): Promise<SearchResult> => {
        started();
        try {
          const result = await target.search(query, budget);
          ended('answered');
          return result;
        } catch (error) {
          ended(
            error instanceof UnavailableError ? 'cancelled' : error instanceof InputError ? 'budget spent' : 'failed',
          );
          throw error;
        }
      };
    },
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qe-cancel-'));
  backend = SqliteFts5Backend.open(join(dir, 'index.sqlite'));
  await fillCostly(backend);
  server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    services: [
      searchServiceBinding({
        search: new SearchService({ index: recording(backend) }),
        index: backend,
        logger,
        budgetMs: 60_000,
        startReindex: async () => 'process-1',
      }),
    ],
  });
  client = new SearchServiceClient(`127.0.0.1:${server.port}`, credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await server.shutdown(100);
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The next search's start on the engine, and how it ended there. */
function nextSearch(): { started: Promise<void>; outcome: Promise<string> } {
  return {
    started: new Promise((resolve) => {
      started = resolve;
    }),
    outcome: new Promise((resolve) => {
      ended = resolve;
    }),
  };
}

describe('search deadline and cancellation, caller to SQLite', () => {
  it("stops the engine's work when the caller cancels (the BFF's HTTP client went away)", async () => {
    const caller = new AbortController();
    const search = nextSearch();
    const answer = grpcCall(client, 'search', HEAVY, { signal: caller.signal });
    await search.started;
    caller.abort();
    await expect(answer).rejects.toThrow();
    expect(await search.outcome).toBe('cancelled');
  });

  it("stops the engine's work at the caller's deadline when that comes before the service's budget", async () => {
    const search = nextSearch();
    await expect(grpcCall(client, 'search', HEAVY, { deadlineMs: 100 })).rejects.toBeInstanceOf(UnavailableError);
    // grpc-js cancels the call at its deadline, the moment the budget (the same deadline) ends too
    expect(['cancelled', 'budget spent']).toContain(await search.outcome);
  });

  it('still answers a costly search when nobody cancels', async () => {
    const search = nextSearch();
    const response = await grpcCall(client, 'search', HEAVY);
    expect(Number(response.total)).toBe(3000);
    expect(await search.outcome).toBe('answered');
  });
});
