import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { releaseLibraryPages, trimMallocHeap } from '@docket/service-kit';
import { directionsOf, emptyColumnChange, type ChangeLog, type ColumnChange } from '../domain/data-products/change-log';
import {
  isComparedColumn,
  type CellValue,
  type ColumnDef,
  type ColumnType,
  type ProductSchema,
} from '../domain/data-products/product-schema';

/** A release's table: its folder of Parquet parts and the schema it was written with. */
export interface ReleaseTable {
  file: string;
  schema: ProductSchema;
}

export type RowChangeKind = 'added' | 'removed' | 'changed';

/** A filter on one column: equal to one of values, containing text, or within bounds. */
export type RowFilter =
  | { column: string; op: 'in'; values: CellValue[] }
  | { column: string; op: 'contains'; text: string }
  | { column: string; op: 'range'; min?: CellValue | undefined; max?: CellValue | undefined };

export interface PageRequest {
  filters: RowFilter[];
  sort?: { column: string; descending: boolean } | undefined;
  offset: number;
  limit: number;
}

const SQL_TYPES: Record<ColumnType, string> = {
  text: 'VARCHAR',
  status: 'VARCHAR',
  integer: 'BIGINT',
  number: 'DOUBLE',
  money: 'DOUBLE',
  percent: 'DOUBLE',
  date: 'DATE',
  boolean: 'BOOLEAN',
  citations: 'VARCHAR',
};

/** Column names come from schemas and files: quoted, and refused unless plain. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/u;
export function isPlainColumnName(name: string): boolean {
  return PLAIN_NAME.test(name);
}
const q = (name: string): string => {
  if (!isPlainColumnName(name)) throw new Error(`column name "${name}" is not plain (letters, digits, _)`);
  return `"${name}"`;
};
const literal = (value: string): string => `'${value.replace(/'/gu, "''")}'`;
const parquetOf = (folder: string): string => `read_parquet(${literal(path.join(folder, '*.parquet'))})`;

/**
 * How long DuckDB stays open with no query: its buffers and caches (about 25 MB after a dozen small
 * releases written and compared) go back to the OS when it closes; the next query opens it again in
 * tens of milliseconds.
 */
const CLOSE_IDLE_AFTER_MS = 120_000;

/**
 * A product's releases as Parquet files, one per release, read with DuckDB: writing a release,
 * comparing two by key (a full outer join; two 1,000,000-row releases take well under a second),
 * and paging a release filtered and sorted. DuckDB runs the queries on its own threads, off the
 * event loop. It is opened on the first query and closed once no query has run for a while.
 */
export class ReleaseTableRepository {
  private instance: Promise<DuckDBInstance> | undefined;
  /** Connections open now: DuckDB is closed only when there are none. */
  private connections = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly directory: string,
    // 128 MB keeps the service's peak lower than 256 did (by ~90 MB at a million rows) for pages still well
    // under 100 ms at p95; past it DuckDB spills to the temp directory instead of failing.
    private readonly options: { threads: number; memoryLimit: string; closeIdleAfterMs?: number } = {
      threads: 2,
      memoryLimit: '128MB',
    },
  ) {}

  /** Whether DuckDB is open (it closes once idle, and opens again on the next query). */
  get isOpen(): boolean {
    return this.instance !== undefined;
  }

  /** A release is a folder of Parquet parts, written a bounded number of rows at a time. */
  fileOf(productId: string, releaseId: string): string {
    return path.join(this.directory, 'data-products', productId, releaseId);
  }

  /**
   * Writes a release's rows as Parquet parts of at most `partRows` rows each: staged in a table of
   * this connection, copied out, the stage emptied (so memory stays bounded however many rows come),
   * and the folder renamed into place at the end, so a crash leaves no half-written release.
   */
  async write(
    productId: string,
    releaseId: string,
    schema: ProductSchema,
    rows: AsyncIterable<Record<string, CellValue>> | Iterable<Record<string, CellValue>>,
    partRows = 100_000,
  ): Promise<{ file: string; rows: number }> {
    const folder = this.fileOf(productId, releaseId);
    const partial = `${folder}.partial`;
    await mkdir(partial, { recursive: true });
    return this.withConnection(async (connection) => {
      const stage = `stage_${Math.random().toString(36).slice(2)}`;
      // Dates are staged as text and cast when copied out (the appender takes them as numbers).
      const stagedType = (column: ColumnDef) => (column.type === 'date' ? 'VARCHAR' : SQL_TYPES[column.type]);
      await connection.run(
        `CREATE TEMP TABLE ${stage} (${schema.columns.map((c) => `${q(c.name)} ${stagedType(c)}`).join(', ')})`,
      );
      const select = schema.columns
        .map((c) => (c.type === 'date' ? `CAST(${q(c.name)} AS DATE) AS ${q(c.name)}` : q(c.name)))
        .join(', ');
      let parts = 0;
      const flush = async () => {
        const part = path.join(partial, `part-${String(parts).padStart(5, '0')}.parquet`);
        await connection.run(`COPY (SELECT ${select} FROM ${stage}) TO ${literal(part)} (FORMAT parquet)`);
        await connection.run(`DELETE FROM ${stage}`);
        parts += 1;
      };
      try {
        let appender = await connection.createAppender(stage);
        let count = 0;
        let staged = 0;
        for await (const row of rows) {
          for (const column of schema.columns) appendCell(appender, column.type, row[column.name] ?? null);
          appender.endRow();
          count += 1;
          staged += 1;
          if (staged === partRows) {
            appender.closeSync();
            await flush();
            staged = 0;
            appender = await connection.createAppender(stage);
          }
        }
        appender.closeSync();
        // An empty release still has one (empty) part, so that it reads as a table with its columns.
        if (staged > 0 || parts === 0) await flush();
        await rename(partial, folder);
        return { file: folder, rows: count };
      } finally {
        await connection.run(`DROP TABLE IF EXISTS ${stage}`);
        await rm(partial, { recursive: true, force: true });
      }
    });
  }

  /**
   * The change log's counts from `previous` to `next` by key: rows added, removed and changed, and
   * per column shared by both, how many cells changed and which way. Columns only one side has are
   * the schema change, not cell changes. With filters, both sides keep only their matching rows: a
   * row that comes to match counts as added, one that stops matching as removed.
   */
  async compare(
    previous: ReleaseTable,
    next: ReleaseTable,
    filters: RowFilter[] = [],
  ): Promise<Omit<ChangeLog, 'summary'>> {
    const before = new Map(previous.schema.columns.map((c) => [c.name, c]));
    const shared = next.schema.columns.filter((c) => before.has(c.name) && isComparedColumn(next.schema, c));
    const columnsAdded = next.schema.columns.filter((c) => !before.has(c.name)).map((c) => c.name);
    const after = new Set(next.schema.columns.map((c) => c.name));
    const columnsRemoved = previous.schema.columns.filter((c) => !after.has(c.name)).map((c) => c.name);
    const join = next.schema.key.map((k) => `a.${q(k)} = b.${q(k)}`).join(' AND ');
    const firstKey = q(firstKeyOf(next.schema));
    const differs = shared.map((c) => `a.${q(c.name)} IS DISTINCT FROM b.${q(c.name)}`);
    const both = `a.${firstKey} IS NOT NULL AND b.${firstKey} IS NOT NULL`;
    const measures = [
      `count(*) FILTER (WHERE a.${firstKey} IS NULL) AS added`,
      `count(*) FILTER (WHERE b.${firstKey} IS NULL) AS removed`,
      `count(*) FILTER (WHERE ${both} AND (${differs.length > 0 ? differs.join(' OR ') : 'false'})) AS changed`,
    ];
    shared.forEach((column, i) => measures.push(...columnMeasures(column, i, both)));
    const sql =
      `SELECT ${measures.join(', ')} FROM ${filteredSource(previous, filters)} a ` +
      `FULL OUTER JOIN ${filteredSource(next, filters)} b ON ${join}`;
    const counts = await this.withConnection(async (connection) => {
      const result = await connection.runAndReadAll(sql);
      return result.getRowObjects()[0] as Record<string, bigint>;
    });
    const n = (name: string) => Number(counts[name] ?? 0n);
    const columns: ColumnChange[] = shared
      .map((column, i) => {
        const change = emptyColumnChange(column.name);
        for (const field of [
          'changed',
          'filled',
          'cleared',
          'up',
          'down',
          'later',
          'earlier',
          'forward',
          'back',
        ] as const)
          change[field] = n(`c${i}_${field}`);
        return change;
      })
      .filter((change) => change.changed > 0);
    return { added: n('added'), removed: n('removed'), changed: n('changed'), columns, columnsAdded, columnsRemoved };
  }

  /** Rows of one kind of change, in key order, for drilling down from the change log. */
  async changedRows(
    previous: ReleaseTable,
    next: ReleaseTable,
    kind: RowChangeKind,
    offset: number,
    limit: number,
  ): Promise<{ before: Record<string, CellValue> | null; after: Record<string, CellValue> | null }[]> {
    const key = next.schema.key;
    const join = key.map((k) => `a.${q(k)} = b.${q(k)}`).join(' AND ');
    const before = new Set(previous.schema.columns.map((c) => c.name));
    const shared = next.schema.columns.filter((c) => before.has(c.name) && isComparedColumn(next.schema, c));
    const first = q(firstKeyOf(next.schema));
    const where =
      kind === 'added'
        ? `a.${first} IS NULL`
        : kind === 'removed'
          ? `b.${first} IS NULL`
          : `a.${first} IS NOT NULL AND b.${first} IS NOT NULL AND (${
              shared.map((c) => `a.${q(c.name)} IS DISTINCT FROM b.${q(c.name)}`).join(' OR ') || 'false'
            })`;
    const order = key.map((k) => `coalesce(b.${q(k)}, a.${q(k)})`).join(', ');
    const sql =
      `SELECT to_json(a) AS before, to_json(b) AS after FROM ${parquetOf(previous.file)} a ` +
      `FULL OUTER JOIN ${parquetOf(next.file)} b ON ${join} WHERE ${where} ` +
      `ORDER BY ${order} LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`;
    return this.withConnection(async (connection) => {
      const result = await connection.runAndReadAll(sql);
      return result.getRowObjects().map((row) => ({
        before: kind === 'added' ? null : parseRow(row.before),
        after: kind === 'removed' ? null : parseRow(row.after),
      }));
    });
  }

  /** One page of a release, filtered and sorted (then by key, so pages are stable), with the total. */
  async page(table: ReleaseTable, request: PageRequest): Promise<{ rows: Record<string, CellValue>[]; total: number }> {
    const { where, order } = selectionOf(table, request);
    const source = parquetOf(table.file);
    return this.withConnection(async (connection) => {
      const rows = await connection.runAndReadAll(
        `SELECT to_json(t) AS row FROM ${source} t ${where} ORDER BY ${order} ` +
          `LIMIT ${Math.trunc(request.limit)} OFFSET ${Math.trunc(request.offset)}`,
      );
      const total = await connection.runAndReadAll(`SELECT count(*) AS n FROM ${source} ${where}`);
      return {
        rows: rows.getRowObjects().map((row) => parseRow(row.row) ?? {}),
        total: Number((total.getRowObjects()[0] as { n: bigint }).n),
      };
    });
  }

  /** Every matching row of a release, as a CSV file with a header row (DuckDB writes it, off the event loop). */
  async writeCsv(table: ReleaseTable, request: Omit<PageRequest, 'offset' | 'limit'>, file: string): Promise<void> {
    const { where, order } = selectionOf(table, request);
    const columns = table.schema.columns.map((c) => q(c.name)).join(', ');
    await this.withConnection((connection) =>
      connection.run(
        `COPY (SELECT ${columns} FROM ${parquetOf(table.file)} ${where} ORDER BY ${order}) ` +
          `TO ${literal(file)} (FORMAT csv, HEADER)`,
      ),
    );
  }

  /**
   * Every matching row of a release, in the order of writeCsv, as arrays of cells in schema order, a
   * DuckDB chunk (about 2,048 rows) at a time: the caller takes one before the next is read, so a
   * release of any size passes through in bounded memory. Integers come as numbers, dates as Dates.
   */
  async *rowBatches(
    table: ReleaseTable,
    request: Omit<PageRequest, 'offset' | 'limit'>,
  ): AsyncGenerator<(string | number | boolean | Date | null)[][]> {
    const { where, order } = selectionOf(table, request);
    const columns = table.schema.columns
      .map((c) => (c.type === 'integer' ? `CAST(${q(c.name)} AS DOUBLE) AS ${q(c.name)}` : q(c.name)))
      .join(', ');
    const connection = await this.connect();
    try {
      const result = await connection.stream(
        `SELECT ${columns} FROM ${parquetOf(table.file)} ${where} ORDER BY ${order}`,
      );
      for await (const rows of result.yieldRowsJs()) yield rows as (string | number | boolean | Date | null)[][];
    } finally {
      this.disconnect(connection);
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const instance = await this.instance;
    this.instance = undefined;
    instance?.closeSync();
  }

  /** A connection for the length of `work`: for readers of releases beside this one (the summary's). */
  async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    try {
      return await work(connection);
    } finally {
      this.disconnect(connection);
    }
  }

  private async connect(): Promise<DuckDBConnection> {
    // Counted before the first await, so an idle close that runs meanwhile leaves this instance open.
    this.connections += 1;
    clearTimeout(this.idleTimer);
    try {
      this.instance ??= this.createInstance();
      return await (await this.instance).connect();
    } catch (error) {
      this.connections -= 1;
      throw error;
    }
  }

  private disconnect(connection: DuckDBConnection): void {
    connection.closeSync();
    this.connections -= 1;
    if (this.connections > 0) return;
    this.idleTimer = setTimeout(() => void this.closeIdle(), this.options.closeIdleAfterMs ?? CLOSE_IDLE_AFTER_MS);
    this.idleTimer.unref();
  }

  private async closeIdle(): Promise<void> {
    if (this.connections > 0 || !this.instance) return;
    const closing = this.instance;
    this.instance = undefined; // the next query opens a new one
    (await closing).closeSync();
    // DuckDB frees to glibc, which keeps what was freed unless asked; its library's code (30 MB) stays
    // resident too, until released.
    trimMallocHeap();
    releaseLibraryPages('duckdb');
  }

  private createInstance(): Promise<DuckDBInstance> {
    return DuckDBInstance.create(':memory:', {
      threads: String(this.options.threads),
      memory_limit: this.options.memoryLimit,
      temp_directory: path.join(this.directory, 'data-products', '.spill'),
    });
  }
}

/** The WHERE and ORDER BY of a filtered, sorted read of a release (then by key, for a stable order). */
function selectionOf(
  table: ReleaseTable,
  request: Pick<PageRequest, 'filters' | 'sort'>,
): { where: string; order: string } {
  const known = new Set(table.schema.columns.map((c) => c.name));
  const conditions = request.filters.map((filter) => {
    if (!known.has(filter.column)) throw new Error(`no column ${filter.column}`);
    return conditionOf(filter);
  });
  const keyOrder = table.schema.key.map(q);
  if (request.sort && !known.has(request.sort.column)) throw new Error(`no column ${request.sort.column}`);
  const order = request.sort
    ? [`${q(request.sort.column)} ${request.sort.descending ? 'DESC' : 'ASC'} NULLS LAST`, ...keyOrder]
    : keyOrder;
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', order: order.join(', ') };
}

/** One filter as a SQL condition on its (known, plain) column. */
function conditionOf(filter: RowFilter): string {
  const column = q(filter.column);
  if (filter.op === 'in') {
    if (filter.values.length === 0) return 'false';
    return `${column} IN (${filter.values.map(sqlValue).join(', ')})`;
  }
  if (filter.op === 'contains')
    return `${column}::VARCHAR ILIKE ${literal(`%${escapeLike(filter.text)}%`)} ESCAPE '\\'`;
  const bounds = [
    ...(filter.min !== undefined && filter.min !== null ? [`${column} >= ${sqlValue(filter.min)}`] : []),
    ...(filter.max !== undefined && filter.max !== null ? [`${column} <= ${sqlValue(filter.max)}`] : []),
  ];
  return bounds.length > 0 ? bounds.join(' AND ') : 'true';
}

/**
 * A release's rows restricted to the filters, as a FROM item. A release without a filter's column
 * (added or removed since) has no row matching it.
 */
function filteredSource(table: ReleaseTable, filters: RowFilter[]): string {
  if (filters.length === 0) return parquetOf(table.file);
  const known = new Set(table.schema.columns.map((c) => c.name));
  const where = filters.map((filter) => (known.has(filter.column) ? conditionOf(filter) : 'false')).join(' AND ');
  return `(SELECT * FROM ${parquetOf(table.file)} WHERE ${where})`;
}

/** A key column: a row absent from one side of the join has it null there. */
function firstKeyOf(schema: ProductSchema): string {
  const [first] = schema.key;
  if (first === undefined) throw new Error('a product has at least one key column');
  return first;
}

/** The typed counts of one shared column, as SQL aggregates named c<i>_<count>. */
function columnMeasures(column: ColumnDef, i: number, both: string): string[] {
  const a = `a.${q(column.name)}`;
  const b = `b.${q(column.name)}`;
  const when = (condition: string, name: string) => `count(*) FILTER (WHERE ${both} AND ${condition}) AS c${i}_${name}`;
  const measures = [
    when(`${a} IS DISTINCT FROM ${b}`, 'changed'),
    when(`${a} IS NULL AND ${b} IS NOT NULL`, 'filled'),
    when(`${a} IS NOT NULL AND ${b} IS NULL`, 'cleared'),
  ];
  const directions = directionsOf(column.type);
  if (directions.includes('up')) measures.push(when(`${b} > ${a}`, 'up'), when(`${b} < ${a}`, 'down'));
  if (directions.includes('later')) measures.push(when(`${b} > ${a}`, 'later'), when(`${b} < ${a}`, 'earlier'));
  if (directions.includes('forward') && column.order?.length) {
    const rank = (side: string) => `list_position([${column.order!.map(literal).join(', ')}], ${side})`;
    measures.push(when(`${rank(b)} > ${rank(a)}`, 'forward'), when(`${rank(b)} < ${rank(a)}`, 'back'));
  }
  return measures;
}

function appendCell(
  appender: Awaited<ReturnType<DuckDBConnection['createAppender']>>,
  type: ColumnType,
  value: CellValue,
): void {
  if (value === null) return appender.appendNull();
  switch (type) {
    case 'integer':
      return appender.appendBigInt(BigInt(value as number));
    case 'number':
    case 'money':
    case 'percent':
      return appender.appendDouble(value as number);
    case 'boolean':
      return appender.appendBoolean(value as boolean);
    default:
      return appender.appendVarchar(String(value));
  }
}

function sqlValue(value: CellValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a filter value must be a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return literal(value);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

function parseRow(json: unknown): Record<string, CellValue> | null {
  if (json === null || json === undefined) return null;
  return JSON.parse(String(json)) as Record<string, CellValue>;
}
