import type { DataProductView } from '../catalog/catalog-view';

// What the data products gateway returns and the routes send; data-products.schemas.ts describes
// the same shapes (test/types/views-match-schemas.ts keeps them together).

export type CellView = string | number | boolean | null;

export interface ProductColumnView {
  name: string;
  type: string;
  description: string;
  unit: string;
  order: string[];
}

export interface ColumnChangeView {
  column: string;
  changed: number;
  filled: number;
  cleared: number;
  up: number;
  down: number;
  later: number;
  earlier: number;
  forward: number;
  back: number;
}

export interface ChangeLogView {
  added: number;
  removed: number;
  changed: number;
  columns: ColumnChangeView[];
  columnsAdded: string[];
  columnsRemoved: string[];
  summary: string;
}

export interface ProductReleaseView {
  id: string;
  sequence: number;
  version: string;
  releasedAt: string | null;
  asOf: string;
  rows: number;
  key: string[];
  columns: ProductColumnView[];
  previousReleaseId: string | null;
  changeLog: ChangeLogView | null;
}

export interface DataProductDetailView {
  dataProduct: DataProductView;
  key: string[];
  columns: ProductColumnView[];
  /** Newest first. */
  releases: ProductReleaseView[];
}

export interface RowFilterView {
  column: string;
  op: 'in' | 'contains' | 'range';
  values: string[];
  text: string;
  min: string;
  max: string;
}

export interface RowsRequest {
  releaseId: string;
  filters: RowFilterView[];
  sortColumn: string;
  descending: boolean;
  offset: number;
  limit: number;
}

export interface CellCitationView {
  documentId: string;
  start: number;
  end: number;
  quote: string;
  page: number;
  documentTitle: string;
  filedAt: string;
}

export interface ReleaseRowsView {
  release: ProductReleaseView;
  /** Without the citations column: its content is `citations`. */
  rows: Record<string, CellView>[];
  /** Per row, column → the sentence its value was read from. */
  citations: Record<string, CellCitationView>[];
  total: number;
}

export interface ChangedRowView {
  before: Record<string, CellView> | null;
  after: Record<string, CellView> | null;
}
