import type { z } from 'zod';
import type {
  ColumnFigure,
  CoverageColumn,
  CoverageCount,
  ProductSummary,
  ReleaseFigures,
} from './data-product-summary.schemas';

// What the summary gateway returns and its route sends, as data-product-summary.schemas.ts describes it.

/** How many rows of a release hold one value of a column (null: no value stated). */
export type CoverageCountView = z.output<typeof CoverageCount>;

/** A low-cardinality column of the latest release, its rows counted by value. */
export type CoverageColumnView = z.output<typeof CoverageColumn>;

/** A release's sum or median of one column. */
export type ColumnFigureView = z.output<typeof ColumnFigure>;

/** One release's figures: its rows, its changes and its columns' sums and medians. */
export type ReleaseFiguresView = z.output<typeof ReleaseFigures>;

/** A data product summed up: its latest release, coverage and figures over its releases. */
export type ProductSummaryView = z.output<typeof ProductSummary>;
