import {
  CourtListenerConnector,
  HttpClient,
  SourceHttpError,
  SourceResponseError,
  type ConnectorItem,
} from '../../../src/connectors';
import { startFixtureServer, type FixtureServer } from '../../fixtures/connectors/fixture-server';

async function collect(gen: AsyncGenerator<ConnectorItem>): Promise<ConnectorItem[]> {
  const items: ConnectorItem[] = [];
  for await (const item of gen) items.push(item);
  return items;
}

const ALL = [
  'docket-entry:344990010', // docket 68571702 and 68571705 share date_modified: lower id first
  'docket-entry:345000101',
  'docket-entry:345000102',
  'docket-entry:345000103',
  'docket-entry:346100020',
  'opinion:9876544',
  'opinion:9876550',
];

describe('CourtListenerConnector', () => {
  let server: FixtureServer;
  let sleeps: number[];
  let connector: CourtListenerConnector;

  beforeEach(async () => {
    server = await startFixtureServer();
    sleeps = [];
    const http = new HttpClient({
      headers: { Authorization: 'Token 0123456789abcdef' },
      maxRetries: 3,
      sleep: async (ms) => void sleeps.push(ms),
    });
    connector = new CourtListenerConnector({
      http,
      baseUrl: server.baseUrl,
      storageBaseUrl: 'https://storage.courtlistener.com/',
    });
  });
  afterEach(() => server.close());

  const ids = (items: ConnectorItem[]): string[] => items.map((i) => i.record.sourceDocumentId);

  it('yields one record per docket entry and per opinion across pages, with parties, sending the token', async () => {
    const items = await collect(connector.fetchSince(undefined, { pageSize: 2 }));

    expect(ids(items)).toEqual(ALL);
    expect(server.requests.every((r) => r.headers.authorization === 'Token 0123456789abcdef')).toBe(true);
    const docketPages = server.requests.filter((r) => r.url.pathname === '/api/rest/v4/dockets/');
    expect(docketPages).toHaveLength(2);
    expect(docketPages[0]!.url.searchParams.get('order_by')).toBe('date_modified');
    expect(
      server.requests.filter(
        (r) => r.url.pathname === '/api/rest/v4/docket-entries/' && r.url.searchParams.get('docket') === '68571705',
      ),
    ).toHaveLength(2);

    const complaint = items[1]!.record;
    expect(complaint).toEqual({
      sourceId: 'courtlistener',
      sourceDocumentId: 'docket-entry:345000101',
      sourceUrl: `${server.baseUrl}/docket/68571705/sierra-club-v-federal-energy-regulatory-commission/`,
      title: expect.stringMatching(/^Sierra Club v\. Federal Energy Regulatory Commission — #1: COMPLAINT against/),
      filingTypeNative: 'Docket Entry',
      docketNumbers: ['1:24-cv-00123'],
      agencies: ['dcd'],
      parties: [
        { name: 'Sierra Club', role: 'Plaintiff' },
        { name: 'Federal Energy Regulatory Commission', role: 'Defendant' },
        { name: 'Pacific Gas and Electric Company', role: 'Intervenor' },
      ],
      filedAt: '2024-01-16',
      abstract: expect.stringContaining('filed by SIERRA CLUB'),
      pdfUrl: 'https://storage.courtlistener.com/recap/gov.uscourts.dcd.263981/gov.uscourts.dcd.263981.1.0.pdf',
      raw: { docket: expect.objectContaining({ id: 68571705 }), entry: expect.objectContaining({ id: 345000101 }) },
    });
    expect(items[0]!.record.parties).toEqual([]);
    expect(items[0]!.record.title).toContain('entry 344990010');

    const dissent = items[6]!.record;
    expect(dissent).toMatchObject({
      sourceDocumentId: 'opinion:9876550',
      title: 'Public Utilities Commission of California v. FERC',
      filingTypeNative: 'Opinion (040dissent)',
      docketNumbers: ['24-1012'],
      agencies: ['cadc'],
      filedAt: '2024-02-06',
    });
    expect(dissent.pdfUrl).toBeUndefined();
    expect(items[5]!.record.pdfUrl).toBe('https://media.cadc.uscourts.gov/opinions/docs/2024/02/24-1012-2040001.pdf');
    // Both opinions share a cluster and docket; the docket is fetched once.
    expect(server.requests.filter((r) => r.url.pathname === '/api/rest/v4/dockets/68571702/')).toHaveLength(1);
  });

  it('resumes from any cursor with exactly the remaining records', async () => {
    const all = await collect(connector.fetchSince(undefined, { pageSize: 2 }));
    for (let i = 0; i < all.length; i++) {
      const resumed = await collect(connector.fetchSince(all[i]!.cursor, { pageSize: 2 }));
      expect(ids(resumed)).toEqual(ALL.slice(i + 1));
    }
  });

  it('asks only for what changed since the cursor', async () => {
    const all = await collect(connector.fetchSince(undefined, { pageSize: 2 }));
    server.requests.length = 0;
    await collect(connector.fetchSince(all[3]!.cursor, { pageSize: 2 }));
    const dockets = server.requests.find((r) => r.url.pathname === '/api/rest/v4/dockets/')!;
    expect(dockets.url.searchParams.get('date_modified__gte')).toBe('2024-02-01T09:15:02.113207-08:00');
  });

  it('yields nothing when re-run with the final cursor', async () => {
    const all = await collect(connector.fetchSince(undefined, { pageSize: 3 }));
    expect(await collect(connector.fetchSince(all.at(-1)!.cursor, { pageSize: 3 }))).toEqual([]);
  });

  it('retries 429 and 503 with backoff, honouring Retry-After', async () => {
    server.respondNext(
      '/api/rest/v4/docket-entries/',
      {
        status: 429,
        headers: { 'retry-after': '3' },
        body: '{"detail":"Request was throttled. Expected available in 3 seconds."}',
      },
      { status: 503 },
    );
    expect(ids(await collect(connector.fetchSince(undefined, { pageSize: 2 })))).toEqual(ALL);
    expect(sleeps[0]).toBe(3000);
    expect(sleeps).toHaveLength(2);
  });

  it('fails after bounded retries when the server keeps answering 500', async () => {
    server.respondAlways('/api/rest/v4/parties/', { status: 500 });
    const error = await collect(connector.fetchSince(undefined)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceHttpError);
    expect((error as SourceHttpError).status).toBe(500);
    expect((error as Error).message).toMatch(
      new RegExp(
        String.raw`^GET http:\/\/127\.0\.0\.1:\d+\/api\/rest\/v4\/parties\/\?docket=\d+&page_size=100 ` +
          String.raw`failed after 4 attempts: HTTP 500`,
      ),
    );
    expect(server.requests.filter((r) => r.url.pathname === '/api/rest/v4/parties/')).toHaveLength(4);
  });

  it('does not retry a 401 and says which URL refused', async () => {
    server.respondNext('/api/rest/v4/dockets/', { status: 401, body: '{"detail":"Invalid token."}' });
    await expect(collect(connector.fetchSince(undefined))).rejects.toThrow(
      new RegExp(
        String.raw`GET http:\/\/127\.0\.0\.1:\d+\/api\/rest\/v4\/dockets\/\?.* ` +
          String.raw`failed: HTTP 401 Unauthorized \(\{"detail":"Invalid token\."\}\)`,
      ),
    );
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('names the missing field of a malformed docket', async () => {
    delete server.data.dockets[2]!.date_modified;
    const error = await collect(connector.fetchSince(undefined, { pageSize: 5 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceResponseError);
    expect((error as Error).message).toMatch(/results\.\d\.date_modified/);
  });
});
