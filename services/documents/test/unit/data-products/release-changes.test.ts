import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readOnlyMappingsOf } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';
import { ReleaseTableRepository, type ReleaseTable } from '../../../src/data-products/release-table.repository';
import { summariseChanges } from '../../../src/domain/data-products/change-log';
import type { CellValue, ProductSchema } from '../../../src/domain/data-products/product-schema';

const STATUSES = ['filed', 'hearing', 'decided'];
const v1: ProductSchema = {
  key: ['docket'],
  columns: [
    { name: 'docket', type: 'text', description: 'Docket number' },
    { name: 'utility', type: 'text', description: 'Applicant' },
    { name: 'requested', type: 'money', unit: 'USD', description: 'Increase requested' },
    { name: 'authorized', type: 'money', unit: 'USD', description: 'Increase authorized' },
    { name: 'hearing', type: 'date', description: 'Evidentiary hearing' },
    { name: 'status', type: 'status', order: STATUSES, description: 'Where the case stands' },
  ],
};
const v2: ProductSchema = { ...v1, columns: [...v1.columns, { name: 'roe', type: 'percent', description: 'ROE' }] };

type Row = Record<string, CellValue>;
const row = (
  docket: string,
  requested: number,
  authorized: number | null,
  hearing: string | null,
  status: string,
): Row => ({
  docket,
  utility: `Utility of ${docket}`,
  requested,
  authorized,
  hearing,
  status,
});

// Hand-counted: R-1 unchanged; R-2 authorized stated (filled) and decided (forward); R-3 hearing moved
// later and requested up; R-4 removed; R-5 requested down; added; a new column, roe.
const first: Row[] = [
  row('R-1', 100, null, '2025-03-01', 'filed'),
  row('R-2', 200, null, '2025-04-01', 'hearing'),
  row('R-3', 300, null, '2025-05-01', 'filed'),
  row('R-4', 400, null, null, 'filed'),
  row('R-5', 500, null, null, 'filed'),
];
const second: Row[] = [
  { ...row('R-1', 100, null, '2025-03-01', 'filed'), roe: null },
  { ...row('R-2', 200, 150, '2025-04-01', 'decided'), roe: 9.5 },
  { ...row('R-3', 350, null, '2025-06-15', 'filed'), roe: null },
  { ...row('R-5', 450, null, null, 'filed'), roe: null },
  { ...row('R-6', 600, null, null, 'filed'), roe: null },
  { ...row('R-7', 700, null, null, 'filed'), roe: 10 },
];

describe('release tables and the change log computed from them', () => {
  let directory: string;
  let tables: ReleaseTableRepository;
  let previous: ReleaseTable;
  let next: ReleaseTable;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'release-tables-'));
    tables = new ReleaseTableRepository(directory, { threads: 1, memoryLimit: '128MB' });
    const a = await tables.write('tracker', 'r1', v1, first);
    const b = await tables.write('tracker', 'r2', v2, second);
    expect([a.rows, b.rows]).toEqual([5, 6]);
    previous = { file: a.file, schema: v1 };
    next = { file: b.file, schema: v2 };
  });

  afterAll(async () => {
    await tables.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('counts rows added, removed and changed by key, and which way each column moved', async () => {
    const log = await tables.compare(previous, next);
    expect({ added: log.added, removed: log.removed, changed: log.changed }).toEqual({
      added: 2,
      removed: 1,
      changed: 3,
    });
    expect(log.columnsAdded).toEqual(['roe']);
    expect(log.columnsRemoved).toEqual([]);
    const byColumn = Object.fromEntries(log.columns.map((c) => [c.column, c]));
    expect(Object.keys(byColumn).sort()).toEqual(['authorized', 'hearing', 'requested', 'status']);
    expect(byColumn.requested).toMatchObject({ changed: 2, up: 1, down: 1, filled: 0 });
    expect(byColumn.authorized).toMatchObject({ changed: 1, filled: 1, up: 0 });
    expect(byColumn.hearing).toMatchObject({ changed: 1, later: 1, earlier: 0 });
    expect(byColumn.status).toMatchObject({ changed: 1, forward: 1, back: 0 });
  });

  it('lists the rows behind each kind of change, old and new side by side', async () => {
    const added = await tables.changedRows(previous, next, 'added', 0, 10);
    expect(added.map((r) => r.after?.docket)).toEqual(['R-6', 'R-7']);
    expect(added.every((r) => r.before === null)).toBe(true);
    const removed = await tables.changedRows(previous, next, 'removed', 0, 10);
    expect(removed.map((r) => r.before?.docket)).toEqual(['R-4']);
    const changed = await tables.changedRows(previous, next, 'changed', 0, 10);
    expect(changed.map((r) => r.after?.docket)).toEqual(['R-2', 'R-3', 'R-5']);
    expect(changed[1]).toMatchObject({ before: { hearing: '2025-05-01' }, after: { hearing: '2025-06-15' } });
    expect(await tables.changedRows(previous, next, 'changed', 2, 10)).toHaveLength(1);
  });

  it('says it in one line, largest counts first, every part a count', async () => {
    const log = await tables.compare(previous, next);
    const summary = summariseChanges(log, v2.columns, {
      row: { one: 'proceeding', many: 'proceedings' },
      labels: { hearing: 'hearing', authorized: 'authorized increase', status: 'case' },
    });
    expect(summary).toBe(
      '2 new proceedings, 1 proceeding removed, 1 requested up, 1 requested down, ' +
        '1 authorized increase stated, 1 hearing moved later, 1 new column',
    );
    expect(
      summariseChanges({ ...log, added: 0, removed: 0, changed: 0, columns: [], columnsAdded: [] }, v2.columns, {
        row: { one: 'proceeding', many: 'proceedings' },
      }),
    ).toBe('No changes');
  });
});

describe('a page of a release', () => {
  let directory: string;
  let tables: ReleaseTableRepository;
  let table: ReleaseTable;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'release-page-'));
    tables = new ReleaseTableRepository(directory, { threads: 1, memoryLimit: '128MB' });
    const rows = [...second, { ...row('R-8', 800, null, null, 'filed'), utility: '100% Power_Co', roe: null }];
    table = { file: (await tables.write('tracker', 'r2', v2, rows)).file, schema: v2 };
  });

  afterAll(async () => {
    await tables.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('filters, sorts (then by key) and pages on the server, with the total', async () => {
    const page = await tables.page(table, {
      filters: [{ column: 'requested', op: 'range', min: 200, max: 700 }],
      sort: { column: 'roe', descending: true },
      offset: 0,
      limit: 3,
    });
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.docket)).toEqual(['R-7', 'R-2', 'R-3']);
    const next = await tables.page(table, {
      filters: [{ column: 'requested', op: 'range', min: 200, max: 700 }],
      sort: { column: 'roe', descending: true },
      offset: 3,
      limit: 3,
    });
    expect(next.rows.map((r) => r.docket)).toEqual(['R-5', 'R-6']);
  });

  it('matches text literally (a % or _ is not a wildcard) and values exactly', async () => {
    const literal = await tables.page(table, {
      filters: [{ column: 'utility', op: 'contains', text: '100% power_' }],
      offset: 0,
      limit: 10,
    });
    expect(literal.rows.map((r) => r.docket)).toEqual(['R-8']);
    const none = await tables.page(table, {
      filters: [{ column: 'utility', op: 'contains', text: '_' }],
      offset: 0,
      limit: 10,
    });
    expect(none.rows.map((r) => r.docket)).toEqual(['R-8']);
    const statuses = await tables.page(table, {
      filters: [
        { column: 'status', op: 'in', values: ['decided'] },
        { column: 'docket', op: 'in', values: ["R-2' OR '1'='1"] },
      ],
      offset: 0,
      limit: 10,
    });
    expect(statuses.total).toBe(0);
    await expect(
      tables.page(table, { filters: [{ column: 'nope', op: 'in', values: [1] }], offset: 0, limit: 1 }),
    ).rejects.toThrow('no column nope');
  });
});

/** What this process holds resident of DuckDB's library (its code and read-only data). */
const duckdbResidentKb = (): number =>
  readOnlyMappingsOf('duckdb').reduce((sum, mapping) => sum + mapping.residentKb, 0);

describe('DuckDB closed once idle', () => {
  let directory: string;
  let tables: ReleaseTableRepository;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'release-idle-'));
    tables = new ReleaseTableRepository(directory, { threads: 1, memoryLimit: '128MB', closeIdleAfterMs: 20 });
  });

  afterAll(async () => {
    await tables.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('stays open while a read is under way, closes after, and opens again for the next query', async () => {
    const table = { file: (await tables.write('tracker', 'r1', v1, first)).file, schema: v1 };
    const batches = tables.rowBatches(table, { filters: [] });
    const firstBatch = await batches.next();
    expect(firstBatch.value).toHaveLength(5);
    const residentWhileOpenKb = duckdbResidentKb();
    expect(residentWhileOpenKb).toBeGreaterThan(4096);
    // Five times the idle delay: a close would have come by now, but the read still holds its connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tables.isOpen).toBe(true);
    expect((await batches.next()).done).toBe(true);

    await waitFor(() => !tables.isOpen, { timeoutMs: 5_000, description: 'DuckDB to close once idle' });
    expect(tables.isOpen).toBe(false);
    // Its library's code is no longer resident in this process (what closing itself touched comes back:
    // 4 of 27 MB here).
    await waitFor(() => duckdbResidentKb() < residentWhileOpenKb / 2, {
      timeoutMs: 5_000,
      description: "DuckDB's library pages to be released once it closed",
    });
    const page = await tables.page(table, { filters: [], offset: 0, limit: 10 });
    expect(page.total).toBe(5);
    expect(tables.isOpen).toBe(true);
  });
});
