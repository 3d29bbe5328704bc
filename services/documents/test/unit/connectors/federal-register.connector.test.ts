import { InputError } from '@docket/errors';
import { FederalRegisterConnector, HttpClient, SourceResponseError, type ConnectorItem } from '../../../src/connectors';
import { startFixtureServer, type FixtureServer } from '../../fixtures/connectors/fixture-server';

async function collect(gen: AsyncGenerator<ConnectorItem>): Promise<ConnectorItem[]> {
  const items: ConnectorItem[] = [];
  for await (const item of gen) items.push(item);
  return items;
}

describe('FederalRegisterConnector', () => {
  let server: FixtureServer;
  let sleeps: number[];
  let connector: FederalRegisterConnector;

  beforeEach(async () => {
    server = await startFixtureServer();
    sleeps = [];
    const http = new HttpClient({ maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) });
    connector = new FederalRegisterConnector({ http, baseUrl: server.baseUrl, initialSince: '2024-01-01' });
  });
  afterEach(() => server.close());

  const ids = (items: ConnectorItem[]): string[] => items.map((i) => i.record.sourceDocumentId);

  it('yields every document across pages, ordered by date then document number', async () => {
    const items = await collect(connector.fetchSince(undefined, { pageSize: 2 }));

    expect(ids(items)).toEqual(['2024-00098', '2024-00112', '2024-00150', '2024-00155', '2024-00201', '2024-00230']);
    const pages = server.requests.filter((r) => r.url.pathname === '/api/v1/documents.json');
    expect(pages.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    const first = pages[0]!.url.searchParams;
    expect(first.get('conditions[publication_date][gte]')).toBe('2024-01-01');
    expect(first.get('order')).toBe('oldest');
    expect(first.get('per_page')).toBe('2');
    expect(first.getAll('fields[]')).toEqual(
      expect.arrayContaining(['document_number', 'docket_ids', 'agencies', 'pdf_url']),
    );

    expect(items[0]!.record).toEqual({
      sourceId: 'federal-register',
      sourceDocumentId: '2024-00098',
      sourceUrl:
        'https://www.federalregister.gov/documents/2024/01/04/2024-00098/' +
        'improvements-to-generator-interconnection-procedures-and-agreements',
      title: 'Improvements to Generator Interconnection Procedures and Agreements',
      filingTypeNative: 'Rule',
      docketNumbers: ['Docket No. RM22-14-001', 'Order No. 2023-A'],
      agencies: ['Federal Energy Regulatory Commission'],
      filedAt: '2024-01-04',
      abstract: expect.stringContaining('interconnection procedures'),
      fullTextUrl: 'https://www.federalregister.gov/documents/full_text/html/2024/01/04/2024-00098.html',
      pdfUrl: 'https://www.govinfo.gov/content/pkg/FR-2024-01-04/pdf/2024-00098.pdf',
      raw: expect.objectContaining({ document_number: '2024-00098' }),
    });
    const notice = items[1]!.record;
    expect(notice.abstract).toBeUndefined();
    expect(notice.agencies).toEqual(['Energy Department', 'Federal Energy Regulatory Commission']);
    expect(items.map((i) => i.cursor)).toEqual([
      '2024-01-04|2024-00098',
      '2024-01-04|2024-00112',
      '2024-01-05|2024-00150',
      '2024-01-05|2024-00155',
      '2024-01-08|2024-00201',
      '2024-01-08|2024-00230',
    ]);
  });

  it('resumes from a cursor mid-way, even in the middle of a date, with only the remaining documents', async () => {
    const all = await collect(connector.fetchSince(undefined, { pageSize: 2 }));
    const resumed = await collect(connector.fetchSince(all[2]!.cursor, { pageSize: 2 }));

    expect(ids(resumed)).toEqual(ids(all).slice(3));
    const last = server.requests.at(-1)!.url.searchParams;
    expect(last.get('conditions[publication_date][gte]')).toBe('2024-01-05');
  });

  it('yields nothing when re-run with the final cursor', async () => {
    const all = await collect(connector.fetchSince(undefined, { pageSize: 4 }));
    expect(await collect(connector.fetchSince(all.at(-1)!.cursor, { pageSize: 4 }))).toEqual([]);
  });

  it('retries a 429, waiting as long as Retry-After asks', async () => {
    server.respondNext('/api/v1/documents.json', {
      status: 429,
      headers: { 'retry-after': '7' },
      body: '{"status":429,"message":"Rate limit exceeded"}',
    });
    const items = await collect(connector.fetchSince(undefined, { pageSize: 10 }));
    expect(items).toHaveLength(6);
    expect(sleeps).toEqual([7000]);
  });

  it('fails with the URL and status after bounded retries when the server keeps answering 500', async () => {
    server.respondAlways('/api/v1/documents.json', { status: 500, body: '<h1>Internal Server Error</h1>' });
    const run = collect(connector.fetchSince(undefined, { pageSize: 10 }));
    await expect(run).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/documents\.json\?.* failed after 3 attempts: HTTP 500/,
    );
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('names the missing field of a malformed document', async () => {
    delete server.data.federalRegister[1]!.document_number;
    const error = await collect(connector.fetchSince(undefined, { pageSize: 10 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceResponseError);
    expect((error as SourceResponseError).message).toContain('results.1.document_number');
    expect((error as SourceResponseError).issues).toEqual([
      { path: 'results.1.document_number', message: expect.any(String) },
    ]);
  });

  it('reports malformed JSON with the URL', async () => {
    server.respondNext('/api/v1/documents.json', { status: 200, body: '{"count": 6, "results": [' });
    await expect(collect(connector.fetchSince(undefined))).rejects.toThrow(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/documents\.json.* returned malformed JSON/,
    );
  });

  it('rejects a cursor it did not write', async () => {
    await expect(collect(connector.fetchSince('yesterday'))).rejects.toBeInstanceOf(InputError);
  });
});
