/** What a cell of a data product may hold; the type decides how it is read, compared and summarised. */
export const COLUMN_TYPES = ['text', 'integer', 'number', 'money', 'percent', 'date', 'boolean', 'status'] as const;
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
