import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { topics } from '@docket/events';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { DataProductService, type RawRowFilter } from '../../src/data-products/data-product.service';
import { ReleaseTableRepository } from '../../src/data-products/release-table.repository';
import { ReleasePublisher } from '../../src/data-products/release.publisher';
import { DataProductReleaseRepository } from '../../src/store/data-product-release.repository';
import type { DataProductRepository } from '../../src/store/data-product.repository';
import { definition, FIRST, SECOND } from './support/rate-case-releases';

const dbName = uniqueName('release_changes_filtered').replace(/-/g, '_');
let connection: Connection;
let directory: string;
let tables: ReleaseTableRepository;
let service: DataProductService;
let firstId: string;
let secondId: string;

const filter = (over: Partial<RawRowFilter>): RawRowFilter => ({
  column: 'utility',
  op: 'in',
  values: [],
  text: '',
  min: '',
  max: '',
  ...over,
});

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  directory = await mkdtemp(path.join(os.tmpdir(), 'release-changes-'));
  await mkdir(path.join(directory, 'uploads'));
  const releases = new DataProductReleaseRepository(connection);
  await releases.init();
  tables = new ReleaseTableRepository(directory, { threads: 1, memoryLimit: '128MB' });
  const products = { releaseDefinition: async (id: string) => (id === 'rate-cases' ? definition : undefined) };
  const publisher = new ReleasePublisher({
    products,
    releases,
    tables,
    blobDirectory: directory,
    topic: topics.releasePublished,
  });
  service = new DataProductService({
    // Only the release definition (its wording) is read here.
    products: products as unknown as DataProductRepository,
    releases,
    tables,
    publisher,
    blobDirectory: directory,
  });
  const publish = async (name: string, text: string, format: 'csv' | 'jsonl') => {
    const file = path.join(directory, 'uploads', name);
    await writeFile(file, text);
    return (await publisher.publish({ productId: 'rate-cases', file, format })).release.id;
  };
  firstId = await publish('first.csv', FIRST, 'csv');
  secondId = await publish('second.jsonl', SECOND, 'jsonl');
});

afterAll(async () => {
  await tables?.close();
  await connection?.dropDatabase();
  await connection?.close();
  await rm(directory, { recursive: true, force: true });
});

describe("a release's changes over the rows matching filters (what a data subscriber is told)", () => {
  it('counts only the rows a filter matches, in both releases', async () => {
    const { changeLog } = await service.summariseChanges('rate-cases', secondId, [filter({ values: ['Zeta Gas'] })]);
    // The new column is the product's change, and so of these rows too.
    expect(changeLog).toMatchObject({ added: 1, removed: 0, changed: 0, summary: '1 new proceeding, 1 new column' });

    const quiet = await service.summariseChanges('rate-cases', secondId, [filter({ values: ['Alpha Water'] })]);
    expect(quiet.changeLog).toMatchObject({ added: 0, removed: 0, changed: 0, columns: [], summary: '1 new column' });

    const gamma = await service.summariseChanges('rate-cases', secondId, [filter({ op: 'contains', text: 'gamma' })]);
    expect(gamma.changeLog).toMatchObject({ added: 0, removed: 0, changed: 1 });
    expect(gamma.changeLog!.summary).toBe('1 requested up, 1 hearing moved later, 1 new column');
  });

  it('a row that comes to match a range counts as added, one that stops matching as removed', async () => {
    // First: R-4 400 and R-5 500 match; second: R-3 350, R-5 450, R-6 600 and R-7 700.
    const { changeLog } = await service.summariseChanges('rate-cases', secondId, [
      filter({ column: 'requested', op: 'range', min: '320' }),
    ]);
    expect(changeLog).toMatchObject({ added: 3, removed: 1, changed: 1 });
    expect(changeLog!.columns).toEqual([expect.objectContaining({ column: 'requested', changed: 1, down: 1 })]);
  });

  it('without filters is the stored change log; a first release has none', async () => {
    const whole = await service.summariseChanges('rate-cases', secondId, []);
    expect(whole.changeLog).toMatchObject({ added: 2, removed: 1, changed: 3, columnsAdded: ['roe'] });
    expect((await service.summariseChanges('rate-cases', firstId, [filter({ values: ['Beta Gas'] })])).changeLog).toBe(
      null,
    );
  });

  it('refuses a filter that does not read against the release, naming it', async () => {
    await expect(
      service.summariseChanges('rate-cases', secondId, [
        filter({ values: ['Beta Gas'] }),
        filter({ column: 'county', values: ['Kings'] }),
        filter({ column: 'requested', op: 'range', min: 'lots' }),
      ]),
    ).rejects.toMatchObject({
      issues: [
        expect.objectContaining({ path: 'filters[1].column' }),
        expect.objectContaining({ path: 'filters[2].min' }),
      ],
    });
  });
});
