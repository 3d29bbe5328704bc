import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@docket/observability';
import type { ProcessUpdate } from '@docket/processes';
import { COMPUTED_PRODUCTS } from '../../../src/data-products/computed-products';
import { ComputedReleasesJob, MONTHS_RELEASED } from '../../../src/data-products/computed-releases.job';
import type { PublishedRelease } from '../../../src/data-products/data-product-releases.client';
import { ProceedingFilingsReader } from '../../../src/data-products/proceeding-filings.reader';
import type { IndexedDocument } from '../../../src/domain/indexed-document';
import { SqliteFts5Backend } from '../../../src/search/index/sqlite/sqlite-fts5.backend';

const CAPTION = (utility: string, docket: string) =>
  'BEFORE THE MICHIGAN PUBLIC SERVICE COMMISSION\n\n' +
  `In the Matter of Application of ${utility} for Authority to Increase Electric Rates.\nDocket No. ${docket}\n\n`;

function filing(id: string, docket: string, utility: string, filedAt: string, category: string, body: string) {
  return {
    id,
    title: `${category} in ${docket}`,
    text: `${CAPTION(utility, docket)}${body}`,
    description: '',
    sourceId: 'mi-psc',
    sourceName: 'Michigan Public Service Commission',
    docketNumber: docket,
    docketId: '',
    filingType: category,
    filingCategory: category,
    filedAt: new Date(filedAt),
    parties: [utility],
    filers: [utility],
    entities: [],
    pages: [],
    sha256: id,
  } satisfies IndexedDocument;
}

const FILINGS = [
  filing(
    'a1',
    'U-100',
    'Lakeshore Power Co.',
    '2026-01-10T12:00:00Z',
    'Application',
    'Lakeshore Power Co. hereby applies for authority to increase its annual revenues by $12.5 million.',
  ),
  filing(
    'a2',
    'U-100',
    'Lakeshore Power Co.',
    '2026-02-16T12:00:00Z',
    'Order',
    'The evidentiary hearing will be held on April 20, 2026.',
  ),
  filing(
    'b1',
    'U-200',
    'Huron Gas Inc.',
    '2026-03-03T12:00:00Z',
    'Application',
    'Huron Gas Inc. hereby applies for authority to increase its annual revenues by $4.1 million.',
  ),
];

describe('the computed releases job', () => {
  let directory: string;
  let index: SqliteFts5Backend;
  const published: { productId: string; asOf: string; version: string; lines: Record<string, unknown>[] }[] = [];
  const processes: ProcessUpdate[] = [];
  let existing: Record<string, PublishedRelease[]> = {};

  const job = (users?: { whenQuiet: (maxWaitMs?: number) => Promise<void> }) =>
    new ComputedReleasesJob({
      products: COMPUTED_PRODUCTS,
      users,
      reader: new ProceedingFilingsReader(index),
      releases: {
        releases: async (productId) => existing[productId] ?? [],
        publish: async (productId, file, release) => {
          // The documents service reads the format from the file's extension.
          expect(file).toMatch(/\.jsonl$/);
          const lines = readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as Record<string, unknown>);
          published.push({ productId, ...release, lines });
          return { outcome: 'published', releaseId: `${productId}-${release.asOf}` };
        },
      },
      processes: { publish: async (update) => void processes.push(update) },
      logger: createLogger('test', 'silent'),
    });

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'computed-releases-'));
    index = SqliteFts5Backend.open(join(directory, 'index.sqlite'));
    for (const document of FILINGS) await index.upsert(document);
  });

  afterAll(async () => {
    await index.close();
    rmSync(directory, { recursive: true, force: true });
  });

  beforeEach(() => {
    published.length = 0;
    processes.length = 0;
    existing = {};
  });

  it('publishes the six month-ends that are over, in order, each from the filings filed by then', async () => {
    const count = await job().run();
    expect(count).toBe(published.length);
    const tracker = published.filter((p) => p.productId === 'rate-case-tracker');
    // The newest filing is of March 3: months through February are over; a month without a row is not released.
    expect(tracker.map((p) => p.asOf)).toEqual(['2026-01-31', '2026-02-28']);
    expect(tracker.map((p) => p.version)).toEqual(['2026-01', '2026-02']);
    expect(tracker[0]!.lines).toEqual([
      expect.objectContaining({ proceeding_id: 'mi-psc:U-100', requested_increase: 12_500_000, hearing_date: null }),
    ]);
    expect(tracker[1]!.lines[0]).toMatchObject({ hearing_date: '2026-04-20' });
    expect((tracker[1]!.lines[0]!.sources as Record<string, { documentId: string }>).hearing_date?.documentId).toBe(
      'a2',
    );
    // Columns the product gained with its fourth release are left out of the first ones.
    expect(tracker[0]!.lines[0]).not.toHaveProperty('next_event');
    const calendar = published.filter((p) => p.productId === 'procedural-calendar');
    expect(calendar.map((p) => p.asOf)).toEqual(['2026-02-28']);
    expect(processes.at(-1)).toMatchObject({ kind: 'data-product-releases', status: 'succeeded', ownerId: '' });
  });

  it("steps aside for users' requests before every filing it reads and every release's rows", async () => {
    let pauses = 0;
    const published0 = await job({ whenQuiet: async () => void (pauses += 1) }).run();
    expect(published0).toBeGreaterThan(0);
    // One proceeding has a filing by the last month-end (U-200's is of March): one pause before it is read,
    // one after each of its two filings, one after each release's rows (six month-ends of two products).
    expect(pauses).toBe(1 + 2 + 2 * MONTHS_RELEASED);
  });

  it('publishes only the months after the latest release, numbered after it', async () => {
    existing = {
      'rate-case-tracker': [{ sequence: 3, asOf: '2026-01-31' }],
      'procedural-calendar': [{ sequence: 1, asOf: '2026-02-28' }],
    };
    await job().run();
    expect(published.map((p) => `${p.productId} ${p.asOf}`)).toEqual(['rate-case-tracker 2026-02-28']);
    // The fourth release has the columns added then.
    expect(published[0]!.lines[0]).toHaveProperty('next_event');
  });

  it('does nothing when every month that is over is released', async () => {
    existing = {
      'rate-case-tracker': [{ sequence: 2, asOf: '2026-02-28' }],
      'procedural-calendar': [{ sequence: 1, asOf: '2026-02-28' }],
    };
    await expect(job().run()).resolves.toBe(0);
    expect(published).toEqual([]);
    expect(processes).toEqual([]);
  });
});
