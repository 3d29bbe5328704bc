import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { NotFoundError } from '@docket/errors';
import type { DataProduct } from '../domain/data-product.types';
import { nextExpectedRelease, SUMMARY_RELEASES } from '../domain/data-products/product-summary';
import type { DataProductReleaseRepository, ProductRelease } from '../store/data-product-release.repository';
import type { DataProductRepository } from '../store/data-product.repository';
import type { ColumnFigure, CoverageColumn, ReleaseSummaryReader } from './release-summary.reader';
import type { ReleaseTable } from './release-table.repository';

/** One release on the summary's charts. */
export interface ReleaseFigures {
  releaseId: string;
  version: string;
  asOf: string;
  releasedAt: Date;
  rows: number;
  /** From the stored change log; null for a first release. */
  changes: { added: number; removed: number; changed: number } | null;
  figures: ColumnFigure[];
}

export interface ProductSummary {
  product: DataProduct;
  releaseCount: number;
  /** Null until a release is published; then the rest describe the latest. */
  latest: ProductRelease | null;
  nextExpected: string | null;
  coverage: CoverageColumn[];
  /** Oldest first: at most the last SUMMARY_RELEASES. */
  releases: ReleaseFigures[];
}

/**
 * A product's summary: totals, coverage of its latest release, and figures over its latest
 * releases. A release never changes once published, so what is read from its Parquet is kept by
 * release id and a new release costs one release's reading.
 */
export class ProductSummaryService {
  private readonly figures = new LRUCache<string, Promise<ColumnFigure[]>>({ max: 2_000 });
  private readonly coverage = new LRUCache<string, Promise<CoverageColumn[]>>({ max: 200 });

  constructor(
    private readonly deps: {
      products: DataProductRepository;
      releases: DataProductReleaseRepository;
      reader: ReleaseSummaryReader;
      blobDirectory: string;
    },
  ) {}

  async summarise(productId: string): Promise<ProductSummary> {
    const product = await this.deps.products.get(productId);
    if (!product) throw new NotFoundError(`no data product ${productId}`);
    const all = await this.deps.releases.list(productId);
    const latest = all[0] ?? null;
    const charted = all.slice(0, SUMMARY_RELEASES).reverse();
    const [coverage, releases] = await Promise.all([
      latest ? this.cached(this.coverage, latest, (table) => this.deps.reader.coverage(table)) : [],
      Promise.all(charted.map((release) => this.releaseFigures(release))),
    ]);
    return {
      product,
      releaseCount: all.length,
      latest,
      nextExpected: latest ? nextExpectedRelease(product.cadence, latest.asOf) : null,
      coverage,
      releases,
    };
  }

  private async releaseFigures(release: ProductRelease): Promise<ReleaseFigures> {
    const log = release.changeLog;
    return {
      releaseId: release.id,
      version: release.version,
      asOf: release.asOf,
      releasedAt: release.releasedAt,
      rows: release.rows,
      changes: log ? { added: log.added, removed: log.removed, changed: log.changed } : null,
      figures: await this.cached(this.figures, release, (table) => this.deps.reader.figures(table)),
    };
  }

  /** A read of a release, once: the promise is kept (two callers share it); a failure is not. */
  private cached<T>(
    cache: LRUCache<string, Promise<T>>,
    release: ProductRelease,
    read: (table: ReleaseTable) => Promise<T>,
  ): Promise<T> {
    const known = cache.get(release.id);
    if (known) return known;
    const reading = read({
      file: path.resolve(this.deps.blobDirectory, release.file),
      schema: { key: release.key, columns: release.columns },
    });
    cache.set(release.id, reading);
    reading.catch(() => cache.delete(release.id));
    return reading;
  }
}
