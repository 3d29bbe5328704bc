import type { DataProductView } from '../catalog/catalog-view';
import type { ProductReleaseView } from './data-product-view';

// What the summary gateway returns and its route sends; data-product-summary.schemas.ts describes the
// same shapes (test/types/views-match-schemas.ts keeps them together).

export interface CoverageCountView {
  value: string | null;
  rows: number;
}

export interface CoverageColumnView {
  column: string;
  type: string;
  counts: CoverageCountView[];
}

export interface ColumnFigureView {
  column: string;
  measure: 'sum' | 'median';
  value: number | null;
}

export interface ReleaseFiguresView {
  releaseId: string;
  version: string;
  asOf: string;
  releasedAt: string | null;
  rows: number;
  changes: { added: number; removed: number; changed: number } | null;
  figures: ColumnFigureView[];
}

export interface ProductSummaryView {
  dataProduct: DataProductView;
  releaseCount: number;
  latestRelease: ProductReleaseView | null;
  nextExpected: string | null;
  coverage: CoverageColumnView[];
  /** Oldest first. */
  releases: ReleaseFiguresView[];
}
