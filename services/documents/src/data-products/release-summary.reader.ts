import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ColumnDef } from '../domain/data-products/product-schema';
import {
  coverageCandidates,
  isCoverageColumn,
  MAX_COVERAGE_VALUES,
  seriesMeasureOf,
  type SeriesMeasure,
} from '../domain/data-products/product-summary';
import { isPlainColumnName, type ReleaseTable, type ReleaseTableRepository } from './release-table.repository';

/** One column's figure for one release: the sum of an amount, the median of a rate. */
export interface ColumnFigure {
  column: string;
  measure: SeriesMeasure;
  /** Null when the release has no stated value in that column. */
  value: number | null;
}

/** A value of a coverage column and how many rows hold it; value null is "not stated". */
export interface CoverageCount {
  value: string | null;
  rows: number;
}

export interface CoverageColumn {
  column: string;
  type: string;
  counts: CoverageCount[];
}

const q = (name: string): string => {
  if (!isPlainColumnName(name)) throw new Error(`column name "${name}" is not plain (letters, digits, _)`);
  return `"${name}"`;
};
const parquetOf = (folder: string): string => `read_parquet('${path.join(folder, '*.parquet').replace(/'/gu, "''")}')`;

/**
 * The summary's figures read from a release's Parquet with DuckDB: one aggregate pass for the
 * numeric series, and for coverage a distinct-count pass then a GROUP BY per column that passes.
 */
export class ReleaseSummaryReader {
  constructor(private readonly tables: ReleaseTableRepository) {}

  /** The sums and medians of a release's money and percent columns, in one scan. */
  async figures(table: ReleaseTable): Promise<ColumnFigure[]> {
    const measured = table.schema.columns.flatMap((column) => {
      const measure = seriesMeasureOf(column, table.schema.columns);
      return measure ? [{ column: column.name, measure }] : [];
    });
    if (measured.length === 0) return [];
    const select = measured
      .map((m, i) => `${m.measure === 'sum' ? 'sum' : 'median'}(${q(m.column)})::DOUBLE AS f${i}`)
      .join(', ');
    const row = await this.tables.withConnection((connection) =>
      firstRow(connection, `SELECT ${select} FROM ${parquetOf(table.file)}`),
    );
    return measured.map((m, i) => ({ ...m, value: numberOrNull(row[`f${i}`]) }));
  }

  /**
   * Rows by value of each low-cardinality column: status and boolean columns always, text columns
   * named like a grouping when the data shows few distinct values. Most rows first, then by value.
   */
  async coverage(table: ReleaseTable): Promise<CoverageColumn[]> {
    const candidates = coverageCandidates(table.schema.columns, table.schema.key);
    if (candidates.length === 0) return [];
    const source = parquetOf(table.file);
    return this.tables.withConnection(async (connection) => {
      // Approximate first (HyperLogLog, one scan for all): a column of thousands of names is never grouped.
      const distinct = await firstRow(
        connection,
        `SELECT ${candidates.map((c, i) => `approx_count_distinct(${q(c.name)}) AS d${i}`).join(', ')} FROM ${source}`,
      );
      // The estimate is within a few percent: with slack here, the exact count below decides.
      const kept = candidates.filter(
        (column, i) => column.type !== 'text' || Number(distinct[`d${i}`] ?? 0) <= MAX_COVERAGE_VALUES * 1.5,
      );
      const columns: CoverageColumn[] = [];
      for (const column of kept) {
        const counts = await countsOf(connection, source, column);
        if (counts.length > 0 && isCoverageColumn(column, counts.filter((c) => c.value !== null).length))
          columns.push({ column: column.name, type: column.type, counts });
      }
      return columns;
    });
  }
}

async function countsOf(connection: DuckDBConnection, source: string, column: ColumnDef): Promise<CoverageCount[]> {
  const name = q(column.name);
  // One more than a text column may have: enough to tell it has too many. A status column's values are few.
  const result = await connection.runAndReadAll(
    `SELECT ${name}::VARCHAR AS value, count(*) AS n FROM ${source} GROUP BY 1 ` +
      `ORDER BY n DESC, value NULLS LAST LIMIT ${MAX_COVERAGE_VALUES + 2}`,
  );
  return result.getRowObjectsJS().map((row) => ({
    value: row.value === null ? null : String(row.value),
    rows: Number(row.n),
  }));
}

async function firstRow(connection: DuckDBConnection, sql: string): Promise<Record<string, unknown>> {
  const result = await connection.runAndReadAll(sql);
  return (result.getRowObjectsJS()[0] ?? {}) as Record<string, unknown>;
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
