import { z } from 'zod';
import { DataProduct } from '../catalog/catalog.schemas';
import { nullableDateTime } from '../http/common.schemas';
import type { RowFilterView } from './row-filter';

export const DataProductParams = z.object({ id: z.string().min(1).max(200) });
export const ReleaseParams = z.object({ id: z.string().min(1).max(200), releaseId: z.string().min(1).max(200) });

const Cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const Row = z
  .record(z.string(), Cell)
  .meta({ description: 'Column name → value; null when the filings do not state it' });

export const ProductColumn = z
  .object({
    name: z.string(),
    type: z.string().meta({ description: 'text, integer, number, money, percent, date, boolean, status or citations' }),
    description: z.string(),
    unit: z.string(),
    order: z
      .array(z.string())
      .meta({ description: 'A status column: its values in the order a row moves through them' }),
  })
  .meta({ id: 'ProductColumn' });

export const ColumnChange = z
  .object({
    column: z.string(),
    changed: z.number().int(),
    filled: z.number().int().meta({ description: 'Cells newly stated' }),
    cleared: z.number().int().meta({ description: 'Cells no longer stated' }),
    up: z.number().int(),
    down: z.number().int(),
    later: z.number().int(),
    earlier: z.number().int(),
    forward: z.number().int(),
    back: z.number().int(),
  })
  .meta({ id: 'ColumnChange' });

export const ChangeLog = z
  .object({
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    columns: z.array(ColumnChange),
    columnsAdded: z.array(z.string()),
    columnsRemoved: z.array(z.string()),
    summary: z.string().meta({ description: 'One line computed from the counts: "9 new proceedings, 1 new column"' }),
  })
  .meta({ id: 'ChangeLog' });

export const ProductRelease = z
  .object({
    id: z.string(),
    sequence: z.number().int(),
    version: z.string(),
    releasedAt: nullableDateTime,
    asOf: z.string().meta({ description: 'The day the rows describe (YYYY-MM-DD)' }),
    rows: z.number().int(),
    key: z.array(z.string()),
    columns: z.array(ProductColumn),
    previousReleaseId: z.string().nullable(),
    changeLog: ChangeLog.nullable().meta({ description: 'Against the release before; null for the first' }),
  })
  .meta({ id: 'ProductRelease' });

export const DataProductDetail = z
  .object({
    dataProduct: DataProduct,
    key: z.array(z.string()),
    columns: z.array(ProductColumn),
    releases: z.array(ProductRelease).meta({ description: 'Newest first' }),
  })
  .meta({ id: 'DataProductDetail' });

/** `column=value` (repeat for several values: ORed), `column~text`, `column>=min`, `column<=max`. */
const FILTER = /^([A-Za-z][A-Za-z0-9_]{0,62})(>=|<=|=|~)(.{0,200})$/su;

/** The URL's filters as the service takes them: one per column and kind, values of `=` ORed. */
export function filtersOf(expressions: string[]): RowFilterView[] {
  const filters = new Map<string, RowFilterView>();
  const filterFor = (column: string, op: RowFilterView['op']) => {
    const id = `${column}|${op}`;
    let filter = filters.get(id);
    if (!filter) {
      filter = { column, op, values: [], text: '', min: '', max: '' };
      filters.set(id, filter);
    }
    return filter;
  };
  for (const expression of expressions) {
    const [, column = '', operator, value = ''] = FILTER.exec(expression) ?? [];
    if (operator === '=') filterFor(column, 'in').values.push(value);
    else if (operator === '~') filterFor(column, 'contains').text = value;
    else if (operator === '>=') filterFor(column, 'range').min = value;
    else if (operator === '<=') filterFor(column, 'range').max = value;
  }
  return [...filters.values()];
}

export const ReleaseRowsQuery = z.object({
  release: z.string().max(200).optional().meta({ description: 'A release id; the latest release when absent' }),
  filter: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().regex(FILTER, 'must be column=value, column~text, column>=min or column<=max'))
        .max(20, 'at most 20 filters'),
    )
    .meta({ description: 'Repeat: column=value (values of one column ORed), column~text, column>=min, column<=max' }),
  sort: z.string().max(63).optional().meta({ description: 'A column; then by key' }),
  desc: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ReleaseDownloadQuery = ReleaseRowsQuery.pick({
  release: true,
  filter: true,
  sort: true,
  desc: true,
}).extend({
  format: z
    .enum(['csv', 'xlsx'])
    .default('csv')
    .meta({ description: 'csv, or xlsx: typed cells, a bold frozen header, a new sheet past 1,048,575 rows' }),
});

export const CellCitation = z
  .object({
    documentId: z.string(),
    start: z.number().int(),
    end: z.number().int(),
    quote: z.string().meta({ description: 'The sentence the value was read from' }),
    page: z.number().int().meta({ description: '1-based page of the filing holding it' }),
    documentTitle: z.string(),
    filedAt: z.string().meta({ description: 'The filing day (YYYY-MM-DD)' }),
  })
  .meta({ id: 'CellCitation' });

export const ReleaseRowsResponse = z
  .object({
    release: ProductRelease,
    rows: z.array(Row).meta({ description: 'Without the citations column, whose content is `citations`' }),
    citations: z
      .array(z.record(z.string(), CellCitation))
      .meta({ description: 'Per row (same order), column → the sentence its value was read from; {} when none' }),
    total: z.number().int(),
  })
  .meta({ id: 'ReleaseRows' });

export const rowChangeKinds = ['added', 'removed', 'changed'] as const;

export const ChangedRowsQuery = z.object({
  kind: z.enum(rowChangeKinds),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ChangedRow = z
  .object({
    before: Row.nullable().meta({ description: 'In the release before; null for an added row' }),
    after: Row.nullable().meta({ description: 'In this release; null for a removed row' }),
  })
  .meta({ id: 'ChangedRow' });

export const ChangedRowsResponse = z.object({ rows: z.array(ChangedRow) }).meta({ id: 'ChangedRows' });

export const ReleaseUploadForm = z
  .object({
    version: z
      .string()
      .max(100)
      .optional()
      .meta({ description: 'What the release calls itself; its number when empty' }),
    asOf: z.string().max(10).optional().meta({ description: 'YYYY-MM-DD the rows describe; today when empty' }),
    file: z.string().meta({ format: 'binary', description: 'A CSV (header row) or JSON Lines file; the last part' }),
  })
  .meta({ id: 'ReleaseUpload' });

export const PublishReleaseResponse = z
  .object({
    outcome: z.enum(['published', 'unchanged']).meta({ description: 'unchanged: this content is a release already' }),
    release: ProductRelease,
    processId: z.string().meta({ description: 'The publishing as a process (/processes/{id}); empty when none' }),
  })
  .meta({ id: 'PublishedRelease' });
