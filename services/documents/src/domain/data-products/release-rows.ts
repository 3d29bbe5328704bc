import { readCell, rowKeyOf, type CellValue, type ColumnDef, type ProductSchema } from './product-schema';

/** A record as read from a file, with the line it started on. */
export interface SourceRecord {
  line: number;
  fields: Record<string, unknown>;
}

export interface RowIssue {
  line: number;
  column: string;
  message: string;
}

/** Columns a file adds or leaves out compared with the product's schema: recorded, not refused. */
export interface SchemaChange {
  added: string[];
  removed: string[];
}

/** Reports stop here: a file this wrong is not worth listing line by line. */
export const MAX_ISSUES = 100;

/**
 * Checks a release file's records against the product's schema, one at a time so that a file of a
 * million rows streams through. A cell that cannot be read, an empty key or a key seen twice is an
 * issue naming its line and column; a file with any issue is not published. A column the schema
 * lacks is added as text; a schema column the file lacks is left out of this release: both are
 * schema changes that the change log reports.
 */
export class ReleaseRowChecker {
  /** The schema the release is published under. */
  readonly schema: ProductSchema;
  readonly schemaChange: SchemaChange;
  readonly issues: RowIssue[] = [];
  private readonly seen = new Map<string, number>();
  private rowCount = 0;

  constructor(
    private readonly product: ProductSchema,
    fileColumns: string[],
  ) {
    const known = new Set(product.columns.map((column) => column.name));
    const present = new Set(fileColumns);
    for (const key of product.key) {
      if (!present.has(key)) this.issues.push({ line: 1, column: key, message: 'is a key column and must be present' });
    }
    const added = fileColumns.filter((name) => !known.has(name));
    const removed = product.columns.map((column) => column.name).filter((name) => !present.has(name));
    const columns: ColumnDef[] = [
      ...product.columns.filter((column) => present.has(column.name)),
      ...added.map((name) => ({ name, type: 'text' as const, description: '' })),
    ];
    this.schema = { key: product.key, columns };
    this.schemaChange = { added, removed };
  }

  get rows(): number {
    return this.rowCount;
  }

  /** Enough issues to stop reading. */
  get full(): boolean {
    return this.issues.length >= MAX_ISSUES;
  }

  /** The record as a row of the release, or undefined when it has an issue (then recorded). */
  check(record: SourceRecord): Record<string, CellValue> | undefined {
    const row: Record<string, CellValue> = {};
    let readable = true;
    for (const column of this.schema.columns) {
      const reading = readCell(column, record.fields[column.name]);
      if (reading.ok) row[column.name] = reading.value;
      else {
        readable = false;
        this.issue(record.line, column.name, reading.message);
      }
    }
    if (!readable) return undefined;
    const emptyKey = this.product.key.find((name) => row[name] === null);
    if (emptyKey) {
      this.issue(record.line, emptyKey, 'is a key column and must not be empty');
      return undefined;
    }
    const key = rowKeyOf(this.product, row);
    const first = this.seen.get(key);
    if (first !== undefined) {
      this.issue(record.line, this.product.key.join(', '), `repeats the key of line ${first}`);
      return undefined;
    }
    this.seen.set(key, record.line);
    this.rowCount += 1;
    return row;
  }

  private issue(line: number, column: string, message: string): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ line, column, message });
  }
}
