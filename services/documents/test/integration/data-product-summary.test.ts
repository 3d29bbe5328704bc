import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { credentials } from '@grpc/grpc-js';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { fromGrpcError, InputError, NotFoundError } from '@docket/errors';
import {
  DocumentsServiceClient,
  type DownloadReleaseRequest,
  type DownloadReleaseResponse,
  type PublishReleaseResponse,
} from '@docket/proto/src/documents';
import { grpcCall } from '@docket/service-kit';
import { startApp, type RunningApp } from '../../src/app';
import { ReleaseSummaryReader } from '../../src/data-products/release-summary.reader';
import { ReleaseTableRepository } from '../../src/data-products/release-table.repository';
import type { ProductSchema } from '../../src/domain/data-products/product-schema';
import { documentsTestConfig } from './support/documents-app';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const config = documentsTestConfig('data-product-summary', {
  OUTBOX_INTERVAL_MS: '100',
  SEED_CORPUS: 'false',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'data-product-summary-')),
});

let app: RunningApp;
let client: DocumentsServiceClient;

beforeAll(async () => {
  app = await startApp(config, logger);
  client = new DocumentsServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
}, 120_000);

afterAll(async () => {
  client?.close();
  await app?.stop();
});

function publish(version: string, asOf: string, text: string): Promise<PublishReleaseResponse> {
  return new Promise((resolve, reject) => {
    const call = client.publishRelease((error, value) => (error ? reject(fromGrpcError(error)) : resolve(value!)));
    call.write({
      header: { dataProductId: 'tariff-changes', fileName: `${version}.csv`, version, asOf, publishedBy: 'a-1' },
    });
    const bytes = Buffer.from(text);
    call.write({ data: bytes });
    call.write({ end: { size: String(bytes.length), sha256: createHash('sha256').update(bytes).digest('hex') } });
    call.end();
  });
}

async function download(request: Partial<DownloadReleaseRequest>): Promise<DownloadReleaseResponse[]> {
  const messages: DownloadReleaseResponse[] = [];
  const call = client.downloadRelease({
    dataProductId: 'tariff-changes',
    releaseId: '',
    filters: [],
    sortColumn: '',
    descending: false,
    format: 'xlsx',
    ...request,
  });
  try {
    for await (const message of call) messages.push(message as DownloadReleaseResponse);
  } catch (error) {
    throw fromGrpcError(error);
  }
  return messages;
}

const HEADER = 'tariff_id,utility,state,service_class,effective_date,rate,rate_unit,status';
// Hand-counted: May has 5 rows, rates (prices per unit) of median 0.15.
const MAY = [
  HEADER,
  'NY-CE-1,Con Edison,NY,residential,2025-05-01,0.20,kWh,effective',
  'NY-CE-2,Con Edison,NY,commercial,2025-05-01,0.10,kWh,effective',
  'PA-PP-1,PPL Electric,PA,residential,2025-06-01,0.15,kWh,proposed',
  'PA-PP-2,PPL Electric,PA,commercial,2025-06-01,0.05,kWh,proposed',
  'CA-PG-1,PG&E,CA,residential,2025-04-01,0.30,kWh,effective',
].join('\n');
// June: NY-CE-1 and PA-PP-1 changed, CA-PG-2 and NY-NG-1 added, PA-PP-2 removed; 6 rows, rates of median
// 0.20 (NY-NG-1 states none). By state NY 3, CA 2, PA 1.
const JUNE = [
  HEADER,
  'NY-CE-1,Con Edison,NY,residential,2025-05-01,0.25,kWh,effective',
  'NY-CE-2,Con Edison,NY,commercial,2025-05-01,0.10,kWh,effective',
  'PA-PP-1,PPL Electric,PA,residential,2025-06-01,0.15,kWh,suspended',
  'CA-PG-1,PG&E,CA,residential,2025-04-01,0.30,kWh,effective',
  'CA-PG-2,PG&E,CA,commercial,2025-07-01,0.20,kWh,proposed',
  'NY-NG-1,National Grid,NY,residential,2025-06-15,,kWh,proposed',
].join('\n');

describe("a data product's summary and XLSX download", () => {
  it('says a product has no release yet, and an unknown product is not found', async () => {
    const empty = await grpcCall(client, 'summariseProduct', { dataProductId: 'tariff-changes' });
    expect(empty).toMatchObject({ releaseCount: 0, nextExpected: '', coverage: [], releases: [] });
    expect(empty.latestRelease).toBeUndefined();
    await expect(grpcCall(client, 'summariseProduct', { dataProductId: 'no-such-product' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('counts totals, coverage and figures per release from two releases', async () => {
    await publish('2025-05', '2025-05-31', MAY);
    await publish('2025-06', '2025-06-30', JUNE);
    const summary = await grpcCall(client, 'summariseProduct', { dataProductId: 'tariff-changes' });
    expect(summary.dataProduct?.cadence).toBe('monthly');
    expect(summary.releaseCount).toBe(2);
    expect(summary.latestRelease).toMatchObject({ version: '2025-06', rows: '6', asOf: '2025-06-30' });
    expect(summary.nextExpected).toBe('2025-07-30');

    const coverage = Object.fromEntries(
      summary.coverage.map((c) => [c.column, c.counts.map((n) => `${n.stated ? n.value : '—'} ${n.rows}`)]),
    );
    expect(Object.keys(coverage)).toEqual(['utility', 'state', 'service_class', 'status']);
    expect(coverage.state).toEqual(['NY 3', 'CA 2', 'PA 1']);
    expect(coverage.utility).toEqual(['Con Edison 2', 'PG&E 2', 'National Grid 1', 'PPL Electric 1']);
    expect(coverage.service_class).toEqual(['residential 4', 'commercial 2']);
    expect(coverage.status).toEqual(['effective 3', 'proposed 2', 'suspended 1']);

    expect(summary.releases.map((r) => [r.version, r.rows, r.compared, r.added, r.removed, r.changed])).toEqual([
      ['2025-05', '5', false, '0', '0', '0'],
      ['2025-06', '6', true, '2', '1', '2'],
    ]);
    const rates = summary.releases.map((r) => r.figures.find((f) => f.column === 'rate'));
    // A rate is a price per unit (the product has rate_unit): its median, as a sum would mean nothing.
    expect(rates.map((f) => f?.measure)).toEqual(['median', 'median']);
    expect(rates[0]?.value).toBeCloseTo(0.15, 10);
    expect(rates[1]?.value).toBeCloseTo(0.2, 10);

    // A second read is served from what was read per release, and says the same.
    expect(await grpcCall(client, 'summariseProduct', { dataProductId: 'tariff-changes' })).toEqual(summary);
  });

  it('downloads a release as a typed XLSX workbook, filtered and sorted as the CSV is', async () => {
    const messages = await download({
      filters: [{ column: 'state', op: 'in', values: ['NY', 'CA'], text: '', min: '', max: '' }],
      sortColumn: 'rate',
      descending: true,
    });
    expect(messages[0]?.release?.version).toBe('2025-06');
    const bytes = Buffer.concat(messages.slice(1).map((m) => m.data!));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(workbook.worksheets).toHaveLength(1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'tariff_id',
      'utility',
      'state',
      'service_class',
      'effective_date',
      'rate',
      'rate_unit',
      'status',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.actualRowCount).toBe(1 + 5);
    const ids = [2, 3, 4, 5, 6].map((r) => sheet.getCell(`A${r}`).value);
    // Rate descending, nulls last, then by key.
    expect(ids).toEqual(['CA-PG-1', 'NY-CE-1', 'CA-PG-2', 'NY-CE-2', 'NY-NG-1']);
    expect(sheet.getCell('F2').value).toBe(0.3);
    expect(sheet.getCell('F2').numFmt).toContain('$');
    expect(sheet.getCell('E2').value).toEqual(new Date('2025-04-01T00:00:00Z'));
    expect(sheet.getCell('F6').value).toBeNull();
    expect(sheet.getCell('H2').value).toBe('effective');
  });

  it('refuses an unknown format and a filter on a missing column', async () => {
    await expect(download({ format: 'pdf' })).rejects.toBeInstanceOf(InputError);
    await expect(
      download({ filters: [{ column: 'nope', op: 'in', values: ['x'], text: '', min: '', max: '' }] }),
    ).rejects.toBeInstanceOf(InputError);
  });
});

describe('the summary reader over Parquet', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'release-summary-'));
  const tables = new ReleaseTableRepository(directory);
  const reader = new ReleaseSummaryReader(tables);
  afterAll(() => tables.close());

  it('takes the median of percents, and leaves out a grouping column of too many values', async () => {
    const schema: ProductSchema = {
      key: ['id'],
      columns: [
        { name: 'id', type: 'text', description: '' },
        { name: 'agency', type: 'text', description: '' },
        { name: 'state', type: 'text', description: '' },
        { name: 'increase', type: 'percent', description: '' },
        { name: 'amount', type: 'money', description: '' },
      ],
    };
    // 100 agencies (too many to group by), 2 states; increases 0..99 (median 49.5), amounts all 2.
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: `r${i}`,
      agency: `Agency ${i}`,
      state: i % 4 === 0 ? 'NY' : i % 4 === 1 ? null : 'CA',
      increase: i,
      amount: 2,
    }));
    const { file } = await tables.write('p', 'r1', schema, rows);
    const figures = await reader.figures({ file, schema });
    expect(figures).toEqual([
      { column: 'increase', measure: 'median', value: 49.5 },
      { column: 'amount', measure: 'sum', value: 200 },
    ]);
    const coverage = await reader.coverage({ file, schema });
    expect(coverage).toEqual([
      {
        column: 'state',
        type: 'text',
        counts: [
          { value: 'CA', rows: 50 },
          { value: 'NY', rows: 25 },
          { value: null, rows: 25 },
        ],
      },
    ]);
  });
});
