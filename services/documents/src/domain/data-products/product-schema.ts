/** What a cell of a data product may hold; the type decides how it is read, compared and summarised. */
export const COLUMN_TYPES = [
  'text',
  'integer',
  'number',
  'money',
  'percent',
  'date',
  'boolean',
  'status',
  'citations',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface ColumnDef {
  name: string;
  type: ColumnType;
  description: string;
  /** For money, the currency (USD); for number, what is counted. */
  unit?: string | undefined;
  /** For status: the values in the order a row moves through them (a move to a later one is "forward"). */
  order?: string[] | undefined;
}

/** The columns of a product and the ones whose values identify a row from one release to the next. */
export interface ProductSchema {
  key: string[];
  columns: ColumnDef[];
}

export type CellValue = string | number | boolean | null;

export type CellReading = { ok: true; value: CellValue } | { ok: false; message: string };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/u;

/**
 * Reads one cell as its column's type. An empty cell is null (the source does not state it); a
 * cell that cannot be read says what was expected, for the caller to name its line and column.
 */
export function readCell(column: ColumnDef, raw: unknown): CellReading {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: true, value: null };
  }
  switch (column.type) {
    case 'text':
      return typeof raw === 'string' || typeof raw === 'number'
        ? { ok: true, value: String(raw).trim() }
        : { ok: false, message: 'must be text' };
    case 'status': {
      const value = String(raw).trim();
      if (column.order && !column.order.includes(value))
        return { ok: false, message: `must be one of ${column.order.join(', ')}` };
      return { ok: true, value };
    }
    case 'integer':
    case 'number':
    case 'money':
    case 'percent': {
      const value = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(/,/gu, ''));
      if (!Number.isFinite(value)) return { ok: false, message: `must be a number, not "${String(raw)}"` };
      if (column.type === 'integer' && !Number.isInteger(value))
        return { ok: false, message: `must be a whole number, not ${value}` };
      return { ok: true, value };
    }
    case 'date': {
      const value = String(raw).trim();
      if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
        return { ok: false, message: `must be a date as YYYY-MM-DD, not "${value}"` };
      return { ok: true, value };
    }
    case 'citations':
      return readCitations(raw);
    case 'boolean': {
      const value = String(raw).trim().toLowerCase();
      if (['true', 'yes', '1'].includes(value)) return { ok: true, value: true };
      if (['false', 'no', '0'].includes(value)) return { ok: true, value: false };
      return { ok: false, message: 'must be true or false' };
    }
  }
}

/** A row's key as one string: its key columns' values joined (a key column may not be empty). */
export function rowKeyOf(schema: ProductSchema, row: Record<string, CellValue>): string {
  return schema.key.map((name) => String(row[name])).join('\u001f');
}

/** Where a computed cell was read: the sentence of a filing that states it. */
export interface CellCitation {
  documentId: string;
  start: number;
  end: number;
  quote: string;
  /** 1-based page of the filing holding the sentence. */
  page: number;
  /** The filing's title and filing day, so a reader sees where it comes from before opening it. */
  documentTitle: string;
  filedAt: string;
}

const MAX_QUOTE = 2_000;

/**
 * A citations cell: for each cited column of the row, the sentence its value was read from. Kept as
 * JSON text (one column, not compared: a value read from another sentence is the same value).
 */
function readCitations(raw: unknown): CellReading {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { ok: false, message: 'must be a JSON object of column → citation' };
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, message: 'must be an object of column → citation' };
  const citations: Record<string, CellCitation> = {};
  for (const [column, value] of Object.entries(parsed)) {
    const citation = citationOf(value);
    if (!citation) {
      return {
        ok: false,
        message: `the citation of ${column} must have documentId, start < end, quote, documentTitle and filedAt`,
      };
    }
    citations[column] = citation;
  }
  return { ok: true, value: JSON.stringify(citations) };
}

function citationOf(value: unknown): CellCitation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { documentId, start, end, quote, page, documentTitle, filedAt } = value as Record<string, unknown>;
  if (typeof documentId !== 'string' || documentId === '' || typeof quote !== 'string') return undefined;
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    (start as number) < 0 ||
    (end as number) <= (start as number)
  )
    return undefined;
  return {
    documentId,
    start: start as number,
    end: end as number,
    quote: quote.slice(0, MAX_QUOTE),
    page: Number.isInteger(page) && (page as number) > 0 ? (page as number) : 1,
    documentTitle: typeof documentTitle === 'string' ? documentTitle : '',
    filedAt: typeof filedAt === 'string' ? filedAt : '',
  };
}

/** Columns whose cells are compared between releases: not the key, not the citations. */
export function isComparedColumn(schema: ProductSchema, column: ColumnDef): boolean {
  return column.type !== 'citations' && !schema.key.includes(column.name);
}
