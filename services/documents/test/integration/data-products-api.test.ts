import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { credentials } from '@grpc/grpc-js';
import pino from 'pino';
import { fromGrpcError, InputError, NotFoundError } from '@docket/errors';
import {
  DocumentsServiceClient,
  type DownloadReleaseResponse,
  type PublishReleaseHeader,
  type PublishReleaseResponse,
} from '@docket/proto/src/documents';
import { grpcCall } from '@docket/service-kit';
import { startApp, type RunningApp } from '../../src/app';
import { documentsTestConfig } from './support/documents-app';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const config = documentsTestConfig('data-products-api', {
  OUTBOX_INTERVAL_MS: '100',
  SEED_CORPUS: 'false',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'data-products-api-')),
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

function publish(header: Partial<PublishReleaseHeader>, text: string): Promise<PublishReleaseResponse | Error> {
  return new Promise((resolve) => {
    const call = client.publishRelease((error, value) => resolve(error ? fromGrpcError(error) : value!));
    const fields = {
      dataProductId: 'tariff-changes',
      fileName: 'release.csv',
      version: '',
      asOf: '',
      publishedBy: 'a-1',
    };
    call.write({ header: { ...fields, ...header } });
    const bytes = Buffer.from(text);
    call.write({ data: bytes });
    call.write({ end: { size: String(bytes.length), sha256: createHash('sha256').update(bytes).digest('hex') } });
    call.end();
  });
}

const HEADER = 'tariff_id,utility,state,service_class,effective_date,rate,rate_unit,status';
const MAY = [
  HEADER,
  'NY-CE-1,Con Edison,NY,residential,2025-05-01,0.2211,kWh,effective',
  'NY-CE-2,Con Edison,NY,commercial,2025-05-01,0.1987,kWh,effective',
  'PA-PP-1,PPL Electric,PA,residential,2025-06-01,0.1450,kWh,proposed',
].join('\n');
const JUNE = [
  `${HEADER},docket`,
  'NY-CE-1,Con Edison,NY,residential,2025-05-01,0.2299,kWh,effective,24-E-0060',
  'PA-PP-1,PPL Electric,PA,residential,2025-07-01,0.1450,kWh,suspended,R-2025-3052955',
  'CA-PG-1,PG&E,CA,residential,2025-06-15,0.3410,kWh,effective,A.24-05-012',
].join('\n');

describe('data products over gRPC', () => {
  it('publishes a file as a release, and a second with its change log, then pages its rows', async () => {
    const first = (await publish({ version: '2025-05', asOf: '2025-05-31' }, MAY)) as PublishReleaseResponse;
    expect(first).toMatchObject({ outcome: 'published', release: { sequence: 1, rows: '3', version: '2025-05' } });
    const second = (await publish({ version: '2025-06', fileName: 'june.csv' }, JUNE)) as PublishReleaseResponse;
    expect(second.release?.changeLog).toMatchObject({
      added: '1',
      removed: '1',
      changed: '2',
      columnsAdded: ['docket'],
    });
    expect(second.release?.changeLog?.summary).toBe(
      '1 new tariff sheet, 1 tariff sheet removed, 1 effective date moved later, 1 rate up, 1 status moved forward, ' +
        '1 new column',
    );

    const product = await grpcCall(client, 'getDataProduct', { dataProductId: 'tariff-changes' });
    expect(product.key).toEqual(['tariff_id']);
    expect(product.releases.map((r) => r.version)).toEqual(['2025-06', '2025-05']);
    // The catalog lists a table product's releases too: its rows and its change log's counts, newest first.
    const listed = (await grpcCall(client, 'listDataProducts', {})).dataProducts.find((p) => p.id === 'tariff-changes');
    expect(listed?.releases.map((r) => [r.version, r.recordCounts, r.addedColumns])).toEqual([
      ['2025-06', [{ entity: 'tariff sheets', count: '3' }], ['docket']],
      ['2025-05', [{ entity: 'tariff sheets', count: '3' }], []],
    ]);

    const page = await grpcCall(client, 'readReleaseRows', {
      dataProductId: 'tariff-changes',
      releaseId: '',
      filters: [{ column: 'state', op: 'in', values: ['NY', 'CA'], text: '', min: '', max: '' }],
      sortColumn: 'rate',
      descending: true,
      offset: 0,
      limit: 10,
    });
    expect(page.total).toBe('2');
    expect(page.rowsJson.map((row) => JSON.parse(row).tariff_id)).toEqual(['CA-PG-1', 'NY-CE-1']);
    expect(JSON.parse(page.rowsJson[0]!)).toMatchObject({
      rate: 0.341,
      effective_date: '2025-06-15',
      docket: 'A.24-05-012',
    });

    const older = await grpcCall(client, 'readReleaseRows', {
      dataProductId: 'tariff-changes',
      releaseId: first.release!.id,
      filters: [],
      sortColumn: '',
      descending: false,
      offset: 0,
      limit: 10,
    });
    expect(older.rowsJson).toHaveLength(3);

    // The CSV download: the release first, then the bytes; filtered and sorted as the page is.
    const messages: DownloadReleaseResponse[] = [];
    for await (const message of client.downloadRelease({
      dataProductId: 'tariff-changes',
      releaseId: '',
      filters: [{ column: 'state', op: 'in', values: ['NY', 'CA'], text: '', min: '', max: '' }],
      sortColumn: 'rate',
      descending: true,
      format: 'csv',
    }))
      messages.push(message as DownloadReleaseResponse);
    expect(messages[0]?.release?.version).toBe('2025-06');
    const csv = Buffer.concat(messages.slice(1).map((m) => m.data!)).toString('utf8');
    expect(csv.trim().split('\n')).toEqual([
      'tariff_id,utility,state,service_class,effective_date,rate,rate_unit,status,docket',
      'CA-PG-1,PG&E,CA,residential,2025-06-15,0.341,kWh,effective,A.24-05-012',
      'NY-CE-1,Con Edison,NY,residential,2025-05-01,0.2299,kWh,effective,24-E-0060',
    ]);

    const changed = await grpcCall(client, 'listChangedRows', {
      dataProductId: 'tariff-changes',
      releaseId: second.release!.id,
      kind: 'changed',
      offset: 0,
      limit: 10,
    });
    expect(changed.rows.map((row) => [JSON.parse(row.beforeJson).rate, JSON.parse(row.afterJson).rate])).toEqual([
      [0.2211, 0.2299],
      [0.145, 0.145],
    ]);
  });

  it('refuses a bad file naming line and column, a bad filter naming the field, and unknown products', async () => {
    const bad = await publish({ fileName: 'bad.csv' }, MAY.replace('0.1987', 'n/a'));
    expect(bad).toBeInstanceOf(InputError);
    expect((bad as InputError).issues).toEqual([{ path: 'line 3, rate', message: 'must be a number, not "n/a"' }]);
    const wrongKind = await publish({ fileName: 'release.xlsx' }, MAY);
    expect((wrongKind as InputError).issues?.[0]?.path).toBe('header.fileName');

    const filter = grpcCall(client, 'readReleaseRows', {
      dataProductId: 'tariff-changes',
      releaseId: '',
      filters: [{ column: 'rate', op: 'range', values: [], text: '', min: 'cheap', max: '' }],
      sortColumn: 'nope',
      descending: false,
      offset: 0,
      limit: 10,
    });
    await expect(filter).rejects.toMatchObject({
      issues: [
        { path: 'filters[0].min', message: 'must be a number, not "cheap"' },
        { path: 'sortColumn', message: expect.stringContaining('is not a column of this release') },
      ],
    });
    await expect(grpcCall(client, 'getDataProduct', { dataProductId: 'nope' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await publish({ dataProductId: 'nope' }, MAY)).toBeInstanceOf(NotFoundError);
  });
});
