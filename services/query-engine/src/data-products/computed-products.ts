import { calendarRows } from '../domain/data-products/calendar-rows';
import type { ComputedRow } from '../domain/data-products/computed-row';
import { rateCaseRow, type ProceedingFilings } from '../domain/data-products/rate-case-row';

/** A data product the service computes from the index, one release per month. */
export interface ComputedProduct {
  id: string;
  rowsOf(proceeding: ProceedingFilings, asOf: string): ComputedRow[];
  /**
   * Columns the product gained in a later release (a schema change its change log reports): left
   * out of the releases numbered before `fromRelease`.
   */
  laterColumns?: { columns: string[]; fromRelease: number };
}

export const COMPUTED_PRODUCTS: readonly ComputedProduct[] = [
  {
    id: 'rate-case-tracker',
    rowsOf: (proceeding, asOf) => {
      const row = rateCaseRow(proceeding, asOf);
      return row ? [row] : [];
    },
    laterColumns: { columns: ['next_event', 'next_event_date'], fromRelease: 4 },
  },
  { id: 'procedural-calendar', rowsOf: calendarRows },
];

/** A row as a line of the release file: its cells, and the citations of its stated cells. */
export function releaseLine(row: ComputedRow): string {
  return `${JSON.stringify({ ...row.cells, sources: row.sources })}\n`;
}

/** A release file's line without some columns (their cells and their citations). */
export function withoutColumns(line: string, columns: readonly string[]): string {
  const row = JSON.parse(line) as Record<string, unknown> & { sources?: Record<string, unknown> };
  for (const column of columns) {
    delete row[column];
    if (row.sources) delete row.sources[column];
  }
  return JSON.stringify(row);
}
