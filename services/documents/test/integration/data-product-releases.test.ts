import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { InputError } from '@docket/errors';
import { topics } from '@docket/events';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { ReleaseTableRepository } from '../../src/data-products/release-table.repository';
import { ReleasePublisher } from '../../src/data-products/release.publisher';
import { DataProductReleaseRepository } from '../../src/store/data-product-release.repository';
import { definition, FIRST, SECOND } from './support/rate-case-releases';

const dbName = uniqueName('data_product_releases').replace(/-/g, '_');
let connection: Connection;
let directory: string;
let releases: DataProductReleaseRepository;
let tables: ReleaseTableRepository;
let publisher: ReleasePublisher;

async function fileWith(name: string, text: string): Promise<string> {
  const file = path.join(directory, 'uploads', name);
  await writeFile(file, text);
  return file;
}

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  directory = await mkdtemp(path.join(os.tmpdir(), 'releases-'));
  await mkdir(path.join(directory, 'uploads'));
  releases = new DataProductReleaseRepository(connection);
  await releases.init();
  tables = new ReleaseTableRepository(directory, { threads: 1, memoryLimit: '128MB' });
  publisher = new ReleasePublisher({
    products: { releaseDefinition: async (id) => (id === 'rate-cases' ? definition : undefined) },
    releases,
    tables,
    blobDirectory: directory,
    topic: topics.releasePublished,
  });
});

afterAll(async () => {
  await tables?.close();
  await connection?.dropDatabase();
  await connection?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('publishing data product releases from files', () => {
  it('publishes a first release, then a second with its change log computed from the rows', async () => {
    const first = await publisher.publish({
      productId: 'rate-cases',
      file: await fileWith('first.csv', FIRST),
      format: 'csv',
      version: '2025-04',
      asOf: '2025-04-30',
    });
    expect(first.outcome).toBe('published');
    expect(first.release).toMatchObject({ sequence: 1, version: '2025-04', rows: 5, changeLog: null });

    const second = await publisher.publish({
      productId: 'rate-cases',
      file: await fileWith('second.jsonl', SECOND),
      format: 'jsonl',
      version: '2025-05',
    });
    expect(second.release).toMatchObject({ sequence: 2, rows: 6, previousReleaseId: first.release.id });
    const log = second.release.changeLog!;
    expect({ added: log.added, removed: log.removed, changed: log.changed }).toEqual({
      added: 2,
      removed: 1,
      changed: 3,
    });
    expect(log.columnsAdded).toEqual(['roe']);
    const byColumn = Object.fromEntries(log.columns.map((c) => [c.column, c]));
    expect(byColumn.requested).toMatchObject({ changed: 2, up: 1, down: 1 });
    expect(byColumn.authorized).toMatchObject({ changed: 1, filled: 1 });
    expect(byColumn.hearing).toMatchObject({ changed: 1, later: 1 });
    expect(byColumn.status).toMatchObject({ changed: 1, forward: 1 });
    expect(log.summary).toContain('2 new proceedings');
    expect(log.summary).toContain('1 new column');

    // What was stored is what was returned, with its event waiting in the outbox.
    expect(await releases.get(second.release.id)).toMatchObject({ changeLog: { added: 2, removed: 1 } });
    const stored = await releases.model.findById(second.release.id).lean();
    expect(stored?.pendingEvents.map((event) => event.topic)).toEqual([topics.releasePublished.name]);
  });

  it('takes the same content twice as one release', async () => {
    const again = await publisher.publish({
      productId: 'rate-cases',
      file: await fileWith('second-again.jsonl', SECOND),
      format: 'jsonl',
    });
    expect(again.outcome).toBe('unchanged');
    expect(again.release.sequence).toBe(2);
    expect(await releases.list('rate-cases')).toHaveLength(2);
  });

  it('refuses a file with a bad row, naming its line and column, and publishes nothing', async () => {
    const before = await readdir(path.join(directory, 'data-products', 'rate-cases'));
    const bad = FIRST.replace('R-3,"Gamma Power, Inc.",300', 'R-3,"Gamma Power, Inc.",three hundred');
    const refused = publisher.publish({ productId: 'rate-cases', file: await fileWith('bad.csv', bad), format: 'csv' });
    await expect(refused).rejects.toBeInstanceOf(InputError);
    await expect(
      publisher.publish({ productId: 'rate-cases', file: await fileWith('bad2.csv', bad), format: 'csv' }),
    ).rejects.toMatchObject({
      issues: [{ path: 'line 4, requested', message: 'must be a number, not "three hundred"' }],
    });
    expect(await releases.list('rate-cases')).toHaveLength(2);
    expect(await readdir(path.join(directory, 'data-products', 'rate-cases'))).toEqual(before);
  });

  it('refuses a product that takes no releases', async () => {
    await expect(
      publisher.publish({ productId: 'nope', file: await fileWith('x.csv', FIRST), format: 'csv' }),
    ).rejects.toThrow('data product nope is not one that takes releases');
  });
});
