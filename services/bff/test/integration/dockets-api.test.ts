import type * as documentsV1 from '@docket/proto/src/documents';
import { uniqueName } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { docketFixture, FakeBackends } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';
import { assertMatchesOpenApi } from './support/openapi-validator';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';

/** A district court case as its docket report describes it. */
function courtDocket(): documentsV1.Docket {
  return {
    id: 'dkt-court',
    sourceId: 'src-ferc',
    number: '3:21-CV-01234',
    numberRaw: '3:21-cv-01234',
    title: 'Cascade Timber Cooperative v. Willamette Freight Lines, Inc.',
    status: 'closed',
    openedAt: new Date('2021-04-02T00:00:00Z'),
    closedAt: new Date('2022-11-30T00:00:00Z'),
    industry: '',
    documentCount: '7',
    parties: [
      {
        name: 'Cascade Timber Cooperative',
        role: 'Plaintiff',
        kind: '',
        representative: '',
        dateTerminated: '',
        attorneys: [
          {
            name: 'Dana R. Ellis',
            contact: 'Ellis & Moore LLP\n100 SW Main St.',
            roles: ['LEAD ATTORNEY', 'ATTORNEY TO BE NOTICED'],
          },
        ],
      },
      {
        name: 'Willamette Freight Lines, Inc.',
        role: 'Defendant',
        kind: '',
        representative: '',
        dateTerminated: '2022-10-01',
        attorneys: [],
      },
    ],
    court: {
      courtId: 'ord',
      courtName: 'U.S. District Court for the District of Oregon',
      judge: 'Ann B. Carter',
      referredJudge: 'Xavier Y. Zhu',
      natureOfSuit: '190 Contract: Other',
      cause: '28:1332 Diversity-Breach of Contract',
      jurisdiction: 'Diversity',
      juryDemand: 'Plaintiff',
    },
  };
}

const entry = (n: number): documentsV1.DocketEntry => ({
  documentId: `doc-entry-${n}`,
  number: String(n),
  filedAt: new Date(Date.UTC(2021, 3, n)),
  title: `Entry ${n}`,
  excerpt: `Entry ${n}. The court's words.`,
});

describe('BFF dockets: a docket with its court header and parties, its entries a page at a time (gRPC faked)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  let bff: RunningBff;
  let member: BrowserClient;

  /** GET as the member, checked against the OpenAPI document the frontend's types come from. */
  const get = async (path: string) => {
    const res = await member.get(path);
    assertMatchesOpenApi('GET', path, res.status, res.headers.get('content-type'), res.body);
    return res;
  };

  beforeAll(async () => {
    fakes.dockets.set('dkt-court', courtDocket());
    fakes.docketEntries.set(
      'dkt-court',
      Array.from({ length: 7 }, (_, i) => entry(i + 1)),
    );
    const adminEmail = `${uniqueName('admin')}@example.com`;
    bff = await startTestBff(
      testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD }, await fakes.start(logger)),
      logger,
    );
    const admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    const email = `${uniqueName('member')}@example.com`;
    expect(
      (await admin.post('/api/users', { email, name: 'Member', role: 'member', password: 'member password 123' }))
        .status,
    ).toBe(201);
    member = new BrowserClient(bff.url);
    expect((await member.signIn(email, 'member password 123')).status).toBe(200);
  });

  afterAll(async () => {
    await bff?.stop();
    await fakes.stop();
  });

  it("returns a court case's header, its parties' attorneys and terminated dates, and its source", async () => {
    const res = await get('/api/dockets/dkt-court');
    expect(res.status).toBe(200);
    expect(res.body.docket).toMatchObject({
      number: '3:21-CV-01234',
      numberRaw: '3:21-cv-01234',
      status: 'closed',
      openedAt: '2021-04-02T00:00:00.000Z',
      closedAt: '2022-11-30T00:00:00.000Z',
      court: {
        courtName: 'U.S. District Court for the District of Oregon',
        judge: 'Ann B. Carter',
        referredJudge: 'Xavier Y. Zhu',
        natureOfSuit: '190 Contract: Other',
        juryDemand: 'Plaintiff',
      },
    });
    expect(res.body.docket.parties).toEqual([
      {
        name: 'Cascade Timber Cooperative',
        role: 'Plaintiff',
        kind: '',
        representative: '',
        dateTerminated: null,
        attorneys: [
          {
            name: 'Dana R. Ellis',
            contact: 'Ellis & Moore LLP\n100 SW Main St.',
            roles: ['LEAD ATTORNEY', 'ATTORNEY TO BE NOTICED'],
          },
        ],
      },
      {
        name: 'Willamette Freight Lines, Inc.',
        role: 'Defendant',
        kind: '',
        representative: '',
        dateTerminated: '2022-10-01',
        attorneys: [],
      },
    ]);
    expect(res.body.source).toMatchObject({ id: 'src-ferc' });
  });

  it("an agency's docket has no court header", async () => {
    const res = await get(`/api/dockets/${docketFixture().id}`);
    expect(res.status).toBe(200);
    expect(res.body.docket).toMatchObject({
      number: 'ER24-1-000',
      court: null,
      parties: [{ name: 'Acme Power Co.', attorneys: [], dateTerminated: null }],
    });
  });

  it('pages through the entries in the order the service gives them', async () => {
    const first = await get('/api/dockets/dkt-court/entries?pageSize=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.body.entries[0]).toEqual({
      documentId: 'doc-entry-1',
      number: '1',
      filedAt: '2021-04-01T00:00:00.000Z',
      title: 'Entry 1',
      excerpt: "Entry 1. The court's words.",
    });
    const third = await get('/api/dockets/dkt-court/entries?page=3&pageSize=3');
    expect(third.body.entries.map((e: { number: string }) => e.number)).toEqual(['7']);
    expect(fakes.docketEntryRequests.at(-1)).toEqual({ docketId: 'dkt-court', pageSize: 3, pageToken: '6' });
    const past = await get('/api/dockets/dkt-court/entries?page=9&pageSize=3');
    expect([past.status, past.body.entries, past.body.total]).toEqual([200, [], 7]);
    const defaults = await get('/api/dockets/dkt-court/entries');
    expect([defaults.body.page, defaults.body.pageSize, defaults.body.entries.length]).toEqual([1, 50, 7]);
    expect(fakes.docketEntryRequests.at(-1)).toEqual({ docketId: 'dkt-court', pageSize: 50, pageToken: '' });
  });

  it('answers 404 with a clear message for an unknown docket, and 400 naming a bad page', async () => {
    for (const path of ['/api/dockets/dkt-nowhere', '/api/dockets/dkt-nowhere/entries']) {
      const res = await get(path);
      expect([path, res.status, res.body.error.code]).toEqual([path, 404, 'not_found']);
      expect(res.body.error.message).toMatch(/no docket "dkt-nowhere"/u);
    }
    const bad = await get('/api/dockets/dkt-court/entries?page=0&pageSize=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['page', 'pageSize']);
    const unknown = await get('/api/dockets/dkt-court/entries?cursor=abc');
    expect(unknown.status).toBe(400);
  });

  it('needs a session', async () => {
    const anonymous = new BrowserClient(bff.url);
    for (const path of ['/api/dockets/dkt-court', '/api/dockets/dkt-court/entries'])
      expect([path, (await anonymous.get(path)).status]).toEqual([path, 401]);
  });
});
