import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InputError, NotFoundError, type FieldIssue } from '@docket/errors';
import type { ProcessUpdates } from '@docket/processes';
import type { DataProduct } from '../domain/data-product.types';
import { summariseChanges, type ChangeLog } from '../domain/data-products/change-log';
import { readCell, type CellValue, type ColumnDef } from '../domain/data-products/product-schema';
import type { DataProductReleaseRepository, ProductRelease } from '../store/data-product-release.repository';
import type { DataProductRepository } from '../store/data-product.repository';
import { publishAsProcess } from './release-publishing.process';
import type { ReleaseTable, ReleaseTableRepository, RowChangeKind, RowFilter } from './release-table.repository';
import type { PublishOutcome, PublishRequest, ReleasePublisher } from './release.publisher';

/** A filter as a caller gives it: values as text, read as the column's type here. */
export interface RawRowFilter {
  column: string;
  op: string;
  values: string[];
  text: string;
  min: string;
  max: string;
}

export interface RowsQuery {
  filters: RawRowFilter[];
  sortColumn: string;
  descending: boolean;
  offset: number;
  limit: number;
}

/** A page holds at most this many rows; deeper than MAX_OFFSET, filter instead. */
export const MAX_PAGE_ROWS = 500;
const MAX_OFFSET = 10_000_000;
/** For a product whose definition has no wording (none of the built-in ones). */
const DEFAULT_WORDING = { row: { one: 'row', many: 'rows' } };
const ROW_CHANGE_KINDS: readonly RowChangeKind[] = ['added', 'removed', 'changed'];

/** Data products and their releases: read a product, publish a release, page its rows and its changes. */
export class DataProductService {
  constructor(
    private readonly deps: {
      products: DataProductRepository;
      releases: DataProductReleaseRepository;
      tables: ReleaseTableRepository;
      publisher: ReleasePublisher;
      blobDirectory: string;
      /** Publishing is followed as a process when given. */
      processes?: ProcessUpdates | undefined;
    },
  ) {}

  async get(productId: string): Promise<{ product: DataProduct; releases: ProductRelease[] }> {
    const product = await this.deps.products.get(productId);
    if (!product) throw new NotFoundError(`no data product ${productId}`);
    return { product, releases: await this.deps.releases.list(productId) };
  }

  /** Publishes a release; its id as a process at /processes/{id} ('' when processes are not followed). */
  async publish(request: PublishRequest & { publishedBy: string }): Promise<PublishOutcome & { processId: string }> {
    const { processes, publisher } = this.deps;
    if (!processes) return { ...(await publisher.publish(request)), processId: '' };
    return publishAsProcess(processes, request, () => publisher.publish(request));
  }

  async readRows(
    productId: string,
    releaseId: string,
    query: RowsQuery,
  ): Promise<{ release: ProductRelease; rows: Record<string, CellValue>[]; total: number }> {
    const release = await this.release(productId, releaseId);
    const issues: FieldIssue[] = [];
    const selection = selectionOf(release, query, issues);
    if (query.limit < 1 || query.limit > MAX_PAGE_ROWS)
      issues.push({ path: 'limit', message: `must be 1 to ${MAX_PAGE_ROWS}` });
    if (query.offset < 0 || query.offset > MAX_OFFSET)
      issues.push({ path: 'offset', message: `must be 0 to ${MAX_OFFSET}` });
    if (issues.length > 0) throw new InputError('the rows cannot be read as asked', issues);
    const page = await this.deps.tables.page(this.tableOf(release), {
      ...selection,
      offset: query.offset,
      limit: query.limit,
    });
    return { release, ...page };
  }

  /**
   * Every matching row of a release as a CSV file in a temporary folder; `use` reads it, and the
   * folder is removed after.
   */
  async download<T>(
    productId: string,
    releaseId: string,
    query: Omit<RowsQuery, 'offset' | 'limit'>,
    use: (release: ProductRelease, file: string) => Promise<T>,
  ): Promise<T> {
    const release = await this.release(productId, releaseId);
    const issues: FieldIssue[] = [];
    const selection = selectionOf(release, query, issues);
    if (issues.length > 0) throw new InputError('the rows cannot be read as asked', issues);
    const directory = await mkdtemp(path.join(os.tmpdir(), 'release-csv-'));
    try {
      const file = path.join(directory, 'release.csv');
      await this.deps.tables.writeCsv(this.tableOf(release), selection, file);
      return await use(release, file);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /**
   * Every matching row of a release, a batch at a time as cells in column order, after the same
   * checks as download: for a workbook written while it is sent.
   */
  async rowBatches(productId: string, releaseId: string, query: Omit<RowsQuery, 'offset' | 'limit'>) {
    const release = await this.release(productId, releaseId);
    const issues: FieldIssue[] = [];
    const selection = selectionOf(release, query, issues);
    if (issues.length > 0) throw new InputError('the rows cannot be read as asked', issues);
    return {
      release,
      columns: release.columns,
      batches: this.deps.tables.rowBatches(this.tableOf(release), selection),
    };
  }

  async changedRows(productId: string, releaseId: string, kind: string, offset: number, limit: number) {
    const release = await this.release(productId, releaseId);
    if (!ROW_CHANGE_KINDS.includes(kind as RowChangeKind))
      throw new InputError('unknown kind of change', [{ path: 'kind', message: 'must be added, removed or changed' }]);
    if (limit < 1 || limit > MAX_PAGE_ROWS || offset < 0 || offset > MAX_OFFSET)
      throw new InputError('the page cannot be read as asked', [
        { path: 'limit', message: `must be 1 to ${MAX_PAGE_ROWS}, with an offset of 0 to ${MAX_OFFSET}` },
      ]);
    if (!release.previousReleaseId) return [];
    const previous = await this.deps.releases.get(release.previousReleaseId);
    if (!previous) throw new NotFoundError(`release ${release.previousReleaseId} is missing`);
    return this.deps.tables.changedRows(
      this.tableOf(previous),
      this.tableOf(release),
      kind as RowChangeKind,
      offset,
      limit,
    );
  }

  /**
   * A release's change log against the release before, counted over only the rows matching the
   * filters on both sides (the same filters as readRows); null for a first release. Without filters
   * it is the stored change log.
   */
  async summariseChanges(
    productId: string,
    releaseId: string,
    rawFilters: RawRowFilter[],
  ): Promise<{ release: ProductRelease; changeLog: ChangeLog | null }> {
    const release = await this.release(productId, releaseId);
    const issues: FieldIssue[] = [];
    const { filters } = selectionOf(release, { filters: rawFilters, sortColumn: '', descending: false }, issues);
    if (issues.length > 0) throw new InputError('the changes cannot be counted as asked', issues);
    if (!release.previousReleaseId) return { release, changeLog: null };
    if (filters.length === 0) return { release, changeLog: release.changeLog };
    const previous = await this.deps.releases.get(release.previousReleaseId);
    if (!previous) throw new NotFoundError(`release ${release.previousReleaseId} is missing`);
    const counts = await this.deps.tables.compare(this.tableOf(previous), this.tableOf(release), filters);
    const wording = (await this.deps.products.releaseDefinition(productId))?.wording ?? DEFAULT_WORDING;
    return { release, changeLog: { ...counts, summary: summariseChanges(counts, release.columns, wording) } };
  }

  /** The named release of the product, or its latest when no id is given. */
  private async release(productId: string, releaseId: string): Promise<ProductRelease> {
    const release = releaseId ? await this.deps.releases.get(releaseId) : await this.deps.releases.latest(productId);
    if (!release || release.productId !== productId)
      throw new NotFoundError(
        releaseId ? `no release ${releaseId} of ${productId}` : `${productId} has no release yet`,
      );
    return release;
  }

  private tableOf(release: ProductRelease): ReleaseTable {
    return {
      file: path.resolve(this.deps.blobDirectory, release.file),
      schema: { key: release.key, columns: release.columns },
    };
  }
}

/** A caller's filters and sort read against a release's columns; each problem added to `issues`. */
function selectionOf(
  release: ProductRelease,
  query: Pick<RowsQuery, 'filters' | 'sortColumn' | 'descending'>,
  issues: FieldIssue[],
): { filters: RowFilter[]; sort?: { column: string; descending: boolean } } {
  const columns = new Map(release.columns.map((column) => [column.name, column]));
  const filters = query.filters.flatMap((raw, i) => {
    const filter = filterOf(raw, columns.get(raw.column), `filters[${i}]`, issues);
    return filter ? [filter] : [];
  });
  if (query.sortColumn && !columns.has(query.sortColumn))
    issues.push({ path: 'sortColumn', message: `is not a column of this release (${[...columns.keys()].join(', ')})` });
  return {
    filters,
    sort: query.sortColumn ? { column: query.sortColumn, descending: query.descending } : undefined,
  };
}

/** A caller's filter read against its column; an issue (and no filter) when it cannot be. */
function filterOf(
  raw: RawRowFilter,
  column: ColumnDef | undefined,
  at: string,
  issues: FieldIssue[],
): RowFilter | undefined {
  if (!column) {
    issues.push({ path: `${at}.column`, message: `is not a column of this release: "${raw.column}"` });
    return undefined;
  }
  const value = (text: string, where: string): CellValue | undefined => {
    const reading = readCell(column, text);
    if (reading.ok) return reading.value;
    issues.push({ path: `${at}.${where}`, message: reading.message });
    return undefined;
  };
  switch (raw.op) {
    case 'in':
      return { column: column.name, op: 'in', values: raw.values.map((v, i) => value(v, `values[${i}]`) ?? null) };
    case 'contains':
      return { column: column.name, op: 'contains', text: raw.text };
    case 'range':
      return { column: column.name, op: 'range', min: value(raw.min, 'min'), max: value(raw.max, 'max') };
    default:
      issues.push({ path: `${at}.op`, message: 'must be in, contains or range' });
      return undefined;
  }
}
