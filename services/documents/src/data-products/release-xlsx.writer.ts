import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ColumnDef } from '../domain/data-products/product-schema';

/** Excel's rows per sheet, the header row among them. */
export const SHEET_ROW_LIMIT = 1_048_576;
/** Excel's limit on one cell's text. */
const CELL_TEXT_LIMIT = 32_767;

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
 * committed (written to the zip and dropped) as it comes, and `out`'s backpressure is waited for
 * after each batch, so memory stays bounded however many rows. A sheet holds SHEET_ROW_LIMIT rows
 * with its header; past that a new sheet starts ("Rows 2"), with the header again.
 */
export async function writeReleaseXlsx(
  out: Writable,
  columns: Pick<ColumnDef, 'name' | 'type' | 'unit'>[],
  batches: AsyncIterable<XlsxCell[][]>,
  options: { rowsPerSheet?: number; title?: string } = {},
): Promise<{ rows: number; sheets: number }> {
  const excel = (await import('exceljs')).default;
  const rowsPerSheet = options.rowsPerSheet ?? SHEET_ROW_LIMIT;
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  if (options.title) workbook.title = options.title;
  let sheet: ExcelJS.Worksheet | undefined;
  let sheets = 0;
  let inSheet = 0;
  let rows = 0;
  const newSheet = () => {
    sheet?.commit();
    sheets += 1;
    sheet = workbook.addWorksheet(`Rows ${sheets}`, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({
      header: column.name,
      key: column.name,
      width: widthOf(column),
      style: numberFormatOf(column) ? { numFmt: numberFormatOf(column)! } : {},
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    inSheet = 1;
  };
  for await (const batch of batches) {
    for (const cells of batch) {
      if (!sheet || inSheet >= rowsPerSheet) newSheet();
      sheet!.addRow(cells.map(cellOf)).commit();
      inSheet += 1;
      rows += 1;
    }
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  if (!sheet) newSheet();
  sheet!.commit();
  await workbook.commit();
  return { rows, sheets };
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
