/** A filter on one column of a release's rows, as the URL's `filter=` expressions give it. */
export interface RowFilterView {
  column: string;
  op: 'in' | 'contains' | 'range';
  values: string[];
  text: string;
  min: string;
  max: string;
}
