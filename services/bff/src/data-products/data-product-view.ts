import type { z } from 'zod';
import type {
  CellCitation,
  ChangedRow,
  ChangeLog,
  ColumnChange,
  DataProductDetail,
  ProductColumn,
  ProductRelease,
  ReleaseRowsResponse,
} from './data-products.schemas';
import type { RowFilterView } from './row-filter';

export type { RowFilterView } from './row-filter';

// What the data products gateway returns and the routes send, as data-products.schemas.ts describes it.

/** A cell of a release's rows: null when the filings do not state it. */
export type CellView = ReleaseRowsView['rows'][number][string];

/** A column of a data product. */
export type ProductColumnView = z.output<typeof ProductColumn>;

/** How one column's values changed from a release to the next. */
export type ColumnChangeView = z.output<typeof ColumnChange>;

/** What changed against the release before, counted. */
export type ChangeLogView = z.output<typeof ChangeLog>;

/** A release of a data product: its rows' day, columns and change log. */
export type ProductReleaseView = z.output<typeof ProductRelease>;

/** A data product with its key, columns and releases (newest first). */
export type DataProductDetailView = z.output<typeof DataProductDetail>;

export interface RowsRequest {
  releaseId: string;
  filters: RowFilterView[];
  sortColumn: string;
  descending: boolean;
  offset: number;
  limit: number;
}

/** The sentence of a filing a cell's value was read from. */
export type CellCitationView = z.output<typeof CellCitation>;

/** A page of a release's rows, with each row's citations. */
export type ReleaseRowsView = z.output<typeof ReleaseRowsResponse>;

/** A row as it was before a release and as it is in it. */
export type ChangedRowView = z.output<typeof ChangedRow>;
