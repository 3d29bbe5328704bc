import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import { fromGrpcError, NotFoundError } from '@docket/errors';
import { createLogger } from '@docket/observability';
import {
  SearchServiceClient,
  SearchSort,
  StreamSearchRequest,
  type DeepPartial,
  type StreamSearchResponse,
} from '@docket/proto/src/search';
import { startGrpcServer, type RunningGrpcServer } from '@docket/service-kit';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import { emptySearchFilters } from '../../src/domain/search-filters';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import { SearchStreamService } from '../../src/search/search-stream.service';
import { searchServiceBinding } from '../../src/search/search.grpc';
import { SearchService } from '../../src/search/search.service';

/**
 * SearchService.StreamSearch over a real SQLite index and a real gRPC connection: every hit of a
 * search, batch after batch past the index's counting limit (500 here), in the search's order.
 */
const logger = createLogger('search-stream-test', 'silent');
const DOCUMENTS = 1_200;
const MATCHING = DOCUMENTS / 2; // the even ones say "tariff"

let dir: string;
let backend: SqliteFts5Backend;
let server: RunningGrpcServer;
let client: SearchServiceClient;

function documentOf(i: number): IndexedDocument {
  return {
    id: `doc-${String(i).padStart(5, '0')}`,
    title: `Filing ${i}`,
    text: `${i % 2 === 0 ? 'tariff' : 'notice'} filing number ${i} ${'rate '.repeat(1 + (i % 7))}`,
    description: '',
    sourceId: i % 3 === 0 ? 'ferc' : 'icc',
    sourceName: i % 3 === 0 ? 'FERC' : 'ICC',
    docketNumber: 'ER24-1',
    docketId: '',
    filingType: 'order',
    filingCategory: 'Order',
    filedAt: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000),
    parties: ['Acme Power'],
    filers: [],
    entities: [],
    pages: [],
    sha256: `sha-${i}`,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qe-stream-'));
  backend = SqliteFts5Backend.open(join(dir, 'index.sqlite'), { tuning: { countLimit: 500, rankTier: 500 } });
  const build = await backend.beginBuild();
  await build.addFromSource(Array.from({ length: DOCUMENTS }, (_, i) => documentOf(i)));
  await build.commit();
  const workspaces = {
    resolve: async (userId: string, workspaceId: string) => {
      if (userId !== 'member' || workspaceId !== 'ws') throw new NotFoundError(`workspace ${workspaceId} not found`);
      return { defaultFilters: { ...emptySearchFilters(), agencies: ['ferc'] } };
    },
  };
  server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    services: [
      searchServiceBinding({
        search: new SearchService({ index: backend }),
        stream: new SearchStreamService({ index: backend, workspaces }),
        index: backend,
        logger,
        budgetMs: 30_000,
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

function stream(request: DeepPartial<StreamSearchRequest>): Promise<StreamSearchResponse[]> {
  const call = client.streamSearch(StreamSearchRequest.fromPartial(request));
  const messages: StreamSearchResponse[] = [];
  return new Promise((resolve, reject) => {
    call.on('data', (message: StreamSearchResponse) => messages.push(message));
    call.on('end', () => resolve(messages));
    call.on('error', (error) => reject(fromGrpcError(error)));
  });
}

const ids = (messages: StreamSearchResponse[]) => messages.flatMap((m) => m.hits.map((h) => h.documentId));
const evens = (from: number, to: number) =>
  Array.from({ length: DOCUMENTS }, (_, i) => i).filter((i) => i % 2 === 0 && i >= from && i < to);

describe('StreamSearch', () => {
  it('streams every match, past the counting limit, oldest first in batches, the total with the first', async () => {
    const messages = await stream({ query: 'tariff', sort: SearchSort.SEARCH_SORT_FILED_OLDEST, batchSize: 100 });
    expect(ids(messages)).toEqual(evens(0, DOCUMENTS).map((i) => documentOf(i).id));
    expect(messages.map((m) => m.hits.length)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(messages[0]).toMatchObject({ total: '500', totalIsLowerBound: true });
    expect(messages.slice(1).every((m) => m.total === '0')).toBe(true);
    expect(messages.at(-1)!.nextCursor).toBe('');
  });

  it('by relevance too: each match exactly once', async () => {
    const got = ids(await stream({ query: 'tariff', sort: SearchSort.SEARCH_SORT_RELEVANCE, batchSize: 250 }));
    expect(got).toHaveLength(MATCHING);
    expect(new Set(got).size).toBe(MATCHING);
  });

  it("stops at max_hits and resumes after a batch's cursor where it stopped", async () => {
    const head = await stream({
      query: 'tariff',
      sort: SearchSort.SEARCH_SORT_FILED_NEWEST,
      batchSize: 70,
      maxHits: '140',
    });
    expect(ids(head)).toHaveLength(140);
    const rest = await stream({
      query: 'tariff',
      sort: SearchSort.SEARCH_SORT_FILED_NEWEST,
      batchSize: 500,
      cursor: head.at(-1)!.nextCursor,
    });
    expect([...ids(head), ...ids(rest)]).toEqual(
      evens(0, DOCUMENTS)
        .reverse()
        .map((i) => documentOf(i).id),
    );
  });

  it('in a workspace: members only, its default filters applied', async () => {
    const got = ids(
      await stream({ query: 'tariff', sort: SearchSort.SEARCH_SORT_FILED_OLDEST, workspaceId: 'ws', userId: 'member' }),
    );
    expect(got).toEqual(
      evens(0, DOCUMENTS)
        .filter((i) => i % 3 === 0)
        .map((i) => documentOf(i).id),
    );
    await expect(stream({ query: 'tariff', workspaceId: 'ws', userId: 'stranger' })).rejects.toThrow(NotFoundError);
  });

  it('refuses a batch size out of range, naming the field', async () => {
    await expect(stream({ query: 'tariff', batchSize: 10_000 })).rejects.toMatchObject({
      issues: [{ path: 'batch_size', message: 'must be between 1 and 5000' }],
    });
  });
});
