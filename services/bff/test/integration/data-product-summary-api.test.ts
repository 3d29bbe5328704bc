import type * as documentsV1 from '@docket/proto/src/documents';
import { uniqueName } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { dataProductFixture, FakeBackends } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const PRODUCT = 'dp-rate-cases';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function releaseFixture(overrides: Partial<documentsV1.ProductRelease> = {}): documentsV1.ProductRelease {
  return {
    id: 'rel-2',
    sequence: 2,
    version: '2024.05',
    releasedAt: new Date('2024-05-01T00:00:00Z'),
    asOf: '2024-04-30',
    rows: '3',
    key: ['docket'],
    columns: [
      { name: 'docket', type: 'text', description: 'Docket', unit: '', order: [] },
      { name: 'state', type: 'text', description: 'State', unit: '', order: [] },
      { name: 'requested', type: 'money', description: 'Requested', unit: 'USD', order: [] },
    ],
    previousReleaseId: 'rel-1',
    changeLog: undefined,
    ...overrides,
  };
}

function summaryFixture(): documentsV1.SummariseProductResponse {
  return {
    dataProduct: dataProductFixture(),
    releaseCount: 2,
    latestRelease: releaseFixture(),
    nextExpected: '2024-06-01',
    coverage: [
      {
        column: 'state',
        type: 'text',
        counts: [
          { value: 'NY', stated: true, rows: '2' },
          { value: '', stated: false, rows: '1' },
        ],
      },
    ],
    releases: [
      {
        releaseId: 'rel-1',
        version: '2024.04',
        asOf: '2024-03-31',
        releasedAt: new Date('2024-04-01T00:00:00Z'),
        rows: '2',
        compared: false,
        added: '0',
        removed: '0',
        changed: '0',
        figures: [{ column: 'requested', measure: 'sum', value: 0, stated: false }],
      },
      {
        releaseId: 'rel-2',
        version: '2024.05',
        asOf: '2024-04-30',
        releasedAt: new Date('2024-05-01T00:00:00Z'),
        rows: '3',
        compared: true,
        added: '1',
        removed: '0',
        changed: '1',
        figures: [{ column: 'requested', measure: 'sum', value: 1_250_000.5, stated: true }],
      },
    ],
  };
}

describe('BFF data product summary and XLSX download (DocumentService faked at the wire)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let member: BrowserClient;

  beforeAll(async () => {
    fakes.summaries.set(PRODUCT, summaryFixture());
    const workbook = [Buffer.from('PK\u0003\u0004 first part '), Buffer.from('second part')];
    fakes.downloads.set(PRODUCT, { release: releaseFixture(), chunks: workbook });
    const target = await fakes.start(logger);
    bff = await startTestBff(testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD }, target), logger);
    const admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    const email = `${uniqueName('member')}@example.com`;
    const created = await admin.post('/api/users', {
      email,
      name: 'A member',
      role: 'member',
      password: 'member password 123',
    });
    expect(created.status).toBe(201);
    member = new BrowserClient(bff.url);
    expect((await member.signIn(email, 'member password 123')).status).toBe(200);
  });

  afterAll(async () => {
    await bff?.stop();
    await fakes.stop();
  });

  it('answers the summary: totals, coverage with unstated values as null, figures per release', async () => {
    const res = await member.get(`/api/data-products/${PRODUCT}/summary`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dataProduct: { id: PRODUCT, name: 'Rate-case tracker' },
      releaseCount: 2,
      latestRelease: { id: 'rel-2', version: '2024.05', rows: 3, previousReleaseId: 'rel-1', changeLog: null },
      nextExpected: '2024-06-01',
      coverage: [
        {
          column: 'state',
          type: 'text',
          counts: [
            { value: 'NY', rows: 2 },
            { value: null, rows: 1 },
          ],
        },
      ],
    });
    expect(res.body.releases).toEqual([
      {
        releaseId: 'rel-1',
        version: '2024.04',
        asOf: '2024-03-31',
        releasedAt: '2024-04-01T00:00:00.000Z',
        rows: 2,
        changes: null,
        figures: [{ column: 'requested', measure: 'sum', value: null }],
      },
      {
        releaseId: 'rel-2',
        version: '2024.05',
        asOf: '2024-04-30',
        releasedAt: '2024-05-01T00:00:00.000Z',
        rows: 3,
        changes: { added: 1, removed: 0, changed: 1 },
        figures: [{ column: 'requested', measure: 'sum', value: 1_250_000.5 }],
      },
    ]);
  });

  it('answers 404 for a product the documents service does not know, and 401 without a session', async () => {
    const missing = await member.get('/api/data-products/no-such-product/summary');
    expect(missing.status).toBe(404);
    const anonymous = await new BrowserClient(bff.url).get(`/api/data-products/${PRODUCT}/summary`);
    expect(anonymous.status).toBe(401);
  });

  it('streams the XLSX as an attachment with the spreadsheet type, asking the service for xlsx', async () => {
    const res = await member.fetch(
      'GET',
      `/api/data-products/${PRODUCT}/download?format=xlsx&sort=requested&desc=true`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toContain(`${PRODUCT}-2024.05.xlsx`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/u);
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe('PK\u0003\u0004 first part second part');
    expect(fakes.downloadRequests.at(-1)).toMatchObject({
      dataProductId: PRODUCT,
      format: 'xlsx',
      sortColumn: 'requested',
      descending: true,
    });
  });

  it('refuses a format it does not offer before asking the service; 404s an unknown product', async () => {
    const asked = fakes.downloadRequests.length;
    const refused = await member.get(`/api/data-products/${PRODUCT}/download?format=pdf`);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('format');
    expect(fakes.downloadRequests.length).toBe(asked);
    const missing = await member.get('/api/data-products/no-such-product/download?format=xlsx');
    expect(missing.status).toBe(404);
  });
});
