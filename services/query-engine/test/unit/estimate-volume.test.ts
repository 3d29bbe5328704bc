import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import { InputError } from '@docket/errors';
import { createLogger } from '@docket/observability';
import { EstimateVolumeRequest, SearchServiceClient, type DeepPartial } from '@docket/proto/src/search';
import { grpcCall, startGrpcServer, type RunningGrpcServer } from '@docket/service-kit';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import { searchServiceBinding } from '../../src/search/search.grpc';
import { SearchService } from '../../src/search/search.service';
import { VolumeService } from '../../src/search/volume.service';

/**
 * SearchService.EstimateVolume over a real gRPC connection and a seeded SQLite index: an alert's
 * expected volume, per UTC filing day over the last N days.
 */
const logger = createLogger('estimate-volume-test', 'silent');
const NOW = new Date('2026-11-25T09:30:00Z');
const DAY_MS = 86_400_000;
const daysAgo = (n: number, hour = 12) => new Date(Date.UTC(2026, 10, 25 - n, hour));

let dir: string;
let backend: SqliteFts5Backend;
let server: RunningGrpcServer;
let client: SearchServiceClient;

function doc(id: string, filedAt: Date | undefined, overrides: Partial<IndexedDocument> = {}): IndexedDocument {
  return {
    id,
    title: `Rate case filing ${id}`,
    text: 'The utility asks for a rate increase on electric service.',
    description: '',
    sourceId: 'wutc',
    sourceName: 'Washington Utilities and Transportation Commission',
    docketNumber: 'UE-240001',
    docketId: 'docket-ue-240001',
    filingType: 'Testimony',
    filingCategory: 'Testimony',
    filedAt,
    parties: ['Puget Sound Energy'],
    filers: [],
    entities: [],
    pages: [],
    sha256: `sha-${id}`,
    ...overrides,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qe-volume-'));
  backend = SqliteFts5Backend.open(join(dir, 'index.sqlite'), { threads: 1 });
  const documents = [
    doc('today-early', daysAgo(0, 0)),
    doc('today-late', new Date(Date.UTC(2026, 10, 25, 23, 59))),
    doc('yesterday-1', daysAgo(1)),
    doc('yesterday-2', daysAgo(1, 1)),
    doc('yesterday-3', daysAgo(1, 23)),
    doc('ten-days', daysAgo(10)),
    doc('first-day', daysAgo(29, 0)),
    doc('just-outside', new Date(daysAgo(29, 0).getTime() - 1)),
    doc('long-ago', daysAgo(200)),
    doc('undated', undefined),
    doc('other-agency', daysAgo(1), { sourceId: 'ferc', sourceName: 'Federal Energy Regulatory Commission' }),
    doc('no-match', daysAgo(1), { title: 'Notice of meeting', text: 'The commission meets on Tuesday.' }),
  ];
  for (const document of documents) await backend.upsert(document);
  server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    services: [
      searchServiceBinding({
        search: new SearchService({ index: backend }),
        volume: new VolumeService({ index: backend, now: () => NOW }),
        index: backend,
        logger,
        budgetMs: 5_000,
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

const estimate = (request: DeepPartial<EstimateVolumeRequest>) =>
  grpcCall(client, 'estimateVolume', EstimateVolumeRequest.fromPartial(request));
const day = (n: number) => new Date(NOW.getTime() - n * DAY_MS).toISOString().slice(0, 10);

describe('SearchService.EstimateVolume', () => {
  it('counts the last 30 days by UTC filing day, every day listed, with the total and average per day', async () => {
    const response = await estimate({ query: 'rate', days: 0 });
    expect({ from: response.from, to: response.to, total: response.total, perDay: response.perDay }).toEqual({
      from: day(29),
      to: day(0),
      total: '8',
      perDay: 0.3,
    });
    expect(response.days).toHaveLength(30);
    expect(response.days[0]).toEqual({ day: day(29), count: '1' });
    expect(response.days.filter((d) => d.count !== '0')).toEqual([
      { day: day(29), count: '1' },
      { day: day(10), count: '1' },
      { day: day(1), count: '4' },
      { day: day(0), count: '2' },
    ]);
  });

  it('applies the filters and a shorter window', async () => {
    const response = await estimate({ query: 'rate', filters: { agencies: ['wutc'] }, days: 2 });
    expect(response).toEqual({
      total: '5',
      perDay: 2.5,
      from: day(1),
      to: day(0),
      days: [
        { day: day(1), count: '3' },
        { day: day(0), count: '2' },
      ],
    });
  });

  it('takes filters alone, and keeps a filed range inside the window', async () => {
    const response = await estimate({
      query: '',
      filters: { dockets: ['UE-240001'], filedFrom: day(10), filedTo: day(1) },
      days: 30,
    });
    expect(response.total).toBe('6');
    expect(response.days.filter((d) => d.count !== '0')).toEqual([
      { day: day(10), count: '1' },
      { day: day(1), count: '5' },
    ]);
  });

  it('refuses a malformed query naming its column, and a window out of range naming days', async () => {
    const syntax = await estimate({ query: 'rate AND (gas', days: 30 }).catch((e: unknown) => e);
    expect(syntax).toBeInstanceOf(InputError);
    expect((syntax as InputError).issues[0]).toEqual({ path: 'query', message: expect.stringMatching(/column \d+/) });
    const window = await estimate({ query: 'rate', days: 400 }).catch((e: unknown) => e);
    expect((window as InputError).issues).toEqual([{ path: 'days', message: 'must be between 1 and 365, got 400' }]);
    const empty = await estimate({ query: '', days: 30 }).catch((e: unknown) => e);
    expect((empty as InputError).issues[0]?.path).toBe('query');
  });
});
