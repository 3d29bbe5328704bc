import { pageAt, type AnalysedDocument, type Citation, type KeyFact } from '../analysis';

/** Where a computed cell was read: the sentence of a filing that states it. */
export interface CellSource {
  documentId: string;
  start: number;
  end: number;
  quote: string;
  /** 1-based page of the filing holding the sentence. */
  page: number;
  documentTitle: string;
  /** The filing's day (YYYY-MM-DD). */
  filedAt: string;
}

export type ComputedCell = string | number | null;

/**
 * One row of a product computed from the filings: its cells, and for each stated cell the sentence
 * it was read from. A cell the filings do not state is null and has no source.
 */
export interface ComputedRow {
  cells: Record<string, ComputedCell>;
  sources: Record<string, CellSource>;
}

/** Builds a row cell by cell, so that no value goes in without the sentence it came from. */
export class RowBuilder {
  readonly row: ComputedRow = { cells: {}, sources: {} };

  /** A cell read from a key fact: its value, cited where the fact is. */
  fact(column: string, fact: KeyFact | undefined, value: (fact: KeyFact) => ComputedCell): this {
    if (!fact) return this.empty(column);
    return this.cited(column, value(fact), sourceOf(fact.citation, fact.filedAt));
  }

  /** A key cell: always set (a row is known by it), cited where a filing states it. */
  key(column: string, value: string, source: CellSource | undefined): this {
    this.row.cells[column] = value;
    if (source) this.row.sources[column] = source;
    return this;
  }

  cited(column: string, value: ComputedCell, source: CellSource | undefined): this {
    if (value === null || value === '' || !source) return this.empty(column);
    this.row.cells[column] = value;
    this.row.sources[column] = source;
    return this;
  }

  empty(column: string): this {
    this.row.cells[column] = null;
    return this;
  }
}

export function sourceOf(citation: Citation, filedAt: string): CellSource {
  return {
    documentId: citation.documentId,
    start: citation.start,
    end: citation.end,
    quote: citation.quote,
    page: citation.page,
    documentTitle: citation.documentTitle,
    filedAt,
  };
}

/** A span of a filing as a cell's source. */
export function spanSource(document: AnalysedDocument, start: number, end: number): CellSource {
  return {
    documentId: document.id,
    start,
    end,
    quote: document.text.slice(start, end),
    page: pageAt(document.pages, start),
    documentTitle: document.title,
    filedAt: isoDay(document.filedAt),
  };
}

export function isoDay(value: Date | string | undefined): string {
  if (value === undefined) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
