import { once, type EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import type { ColumnDef } from '../domain/data-products/product-schema';

/** Excel's rows per sheet, the header row among them. */
export const SHEET_ROW_LIMIT = 1_048_576;
/** Excel's limit on one cell's text. */
const CELL_TEXT_LIMIT = 32_767;
/**
 * Sheet XML (bytes) let wait for the zip before the writer stops adding rows. exceljs hands each
 * sheet's XML to archiver without waiting for it, so without this bound a sheet piles up in memory
 * as fast as rows are made (700+ MB for a million rows) while deflate falls behind.
 */
export const ZIP_BACKLOG_BYTES = 4 * 1024 * 1024;
/** Deflate level of the workbook's zip: archiver's default for zip, said here as it matters (6 is far slower). */
const ZIP_LEVEL = 1;

export type XlsxCell = string | number | boolean | Date | null;

/** How a column's cells read in Excel: amounts in their currency, rates with %, days as dates. */
export function numberFormatOf(column: Pick<ColumnDef, 'type' | 'unit'>): string | undefined {
  switch (column.type) {
    case 'money':
      return !column.unit || column.unit === 'USD' ? '"$"#,##0.00##' : `#,##0.00## "${column.unit.replace(/"/gu, '')}"`;
    case 'percent':
      // The values are percents already (12.5 is 12.5 %): the sign is text, not Excel's ×100 format.
      return '0.00##"%"';
    case 'integer':
      return '#,##0';
    case 'date':
      return 'yyyy-mm-dd';
    default:
      return undefined;
  }
}

/**
 * Writes rows as an XLSX workbook to `out` with exceljs's streaming WorkbookWriter: each row is
 * committed (turned into XML and dropped) as it comes, and after each batch the writer waits until
 * the zip has caught up (less than ZIP_BACKLOG_BYTES of XML not yet compressed; the zip itself waits
 * for `out`), so memory stays bounded however many rows. A sheet holds SHEET_ROW_LIMIT rows with its
 * header; past that a new sheet starts ("Rows 2"), with the header again.
 */
export async function writeReleaseXlsx(
  out: Writable,
  columns: Pick<ColumnDef, 'name' | 'type' | 'unit'>[],
  batches: AsyncIterable<XlsxCell[][]>,
  options: { rowsPerSheet?: number; title?: string } = {},
): Promise<{ rows: number; sheets: number }> {
  const excel = (await import('exceljs')).default;
  const rowsPerSheet = options.rowsPerSheet ?? SHEET_ROW_LIMIT;
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: ZIP_LEVEL } },
  });
  if (options.title) workbook.title = options.title;
  // One style object per column, given to each of its cells: exceljs remembers a style object's id, where
  // the copy each new cell gets of its column's style would be looked up (as XML) again for every cell.
  const styles: Partial<ExcelJS.Style>[] = columns.map((column) => {
    const numFmt = numberFormatOf(column);
    return numFmt ? { numFmt } : {};
  });
  let sheet: ExcelJS.Worksheet | undefined;
  let sheets = 0;
  let inSheet = 0;
  let rows = 0;
  const newSheet = () => {
    sheet?.commit();
    sheets += 1;
    sheet = workbook.addWorksheet(`Rows ${sheets}`, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column, i) => ({
      header: column.name,
      key: column.name,
      width: widthOf(column),
      style: { ...styles[i] },
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    inSheet = 1;
  };
  for await (const batch of batches) {
    for (const cells of batch) {
      if (!sheet || inSheet >= rowsPerSheet) newSheet();
      const row = sheet!.addRow(cells.map(cellOf));
      row.eachCell({ includeEmpty: true }, (cell, n) => (cell.style = styles[n - 1]!));
      row.commit();
      inSheet += 1;
      rows += 1;
    }
    await zipCaughtUp(workbook, sheet, out);
  }
  if (!sheet) newSheet();
  sheet!.commit();
  await workbook.commit();
  return { rows, sheets };
}

/** The parts of exceljs's streaming writers (lib/stream/xlsx, lib/utils/stream-buf.js) the backlog is read from. */
interface SheetStream {
  /** Filled 64 KB buffers not yet handed on. */
  buffers?: { length: number }[];
  /** archiver's PassThrough for this sheet's zip entry: what it holds is XML the zip has not read yet. */
  pipes?: { _writableState?: { length: number }; _readableState?: { length: number } }[];
}

/** Bytes of the sheet's XML made but not yet compressed. */
export function zipBacklogOf(sheet: ExcelJS.Worksheet | undefined): number {
  const stream = (sheet as unknown as { _stream?: SheetStream } | undefined)?._stream;
  if (!stream) return 0;
  let bytes = 0;
  for (const buffer of stream.buffers ?? []) bytes += buffer.length;
  for (const pipe of stream.pipes ?? [])
    bytes += (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0);
  return bytes;
}

/**
 * Waits while the zip is behind: for its next compressed bytes (it emits them only as fast as `out`
 * takes them), checking every 100 ms in case it is stalled, and fails if `out` is gone.
 */
async function zipCaughtUp(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet | undefined,
  out: Writable,
) {
  const zip = (workbook as unknown as { zip: EventEmitter }).zip;
  while (zipBacklogOf(sheet) > ZIP_BACKLOG_BYTES || out.writableNeedDrain) {
    if (out.destroyed) throw out.errored ?? new Error("the workbook's output closed before it was written");
    const waited = new AbortController();
    try {
      await Promise.race([
        once(zip, 'data', { signal: waited.signal }),
        once(out, 'drain', { signal: waited.signal }),
        delay(100, undefined, { signal: waited.signal }),
      ]);
    } catch (error) {
      if (!waited.signal.aborted) throw error;
    } finally {
      waited.abort();
    }
  }
}

function cellOf(value: XlsxCell): Exclude<XlsxCell, null> | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.length > CELL_TEXT_LIMIT) return `${value.slice(0, CELL_TEXT_LIMIT - 1)}…`;
  return value;
}

function widthOf(column: Pick<ColumnDef, 'name' | 'type'>): number {
  const byType = column.type === 'date' ? 12 : column.type === 'text' ? 24 : 14;
  return Math.max(byType, Math.min(40, column.name.length + 2));
}
