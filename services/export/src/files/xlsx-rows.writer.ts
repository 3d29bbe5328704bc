import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { waitDrain, type ExportRow, type RowsWriter } from './rows-writer';

/** Excel's row limit per sheet (the header counts). */
export const SHEET_ROW_LIMIT = 1_048_576;
/** Excel's limit on one cell's text. */
const CELL_TEXT_LIMIT = 32_767;

/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed (written out and dropped)
 * as it comes, and a new sheet starts when one is full, each with its header row.
 */
export class XlsxRowsWriter implements RowsWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet | undefined;
  private sheets = 0;
  private rowsInSheet = 0;

  private constructor(
    excel: typeof ExcelJS,
    private readonly out: Writable,
    private readonly columns: string[],
    private readonly rowsPerSheet: number,
  ) {
    this.workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  }

  /** exceljs is loaded on first use: a worker that never writes XLSX does not carry it. */
  static async create(out: Writable, columns: string[], rowsPerSheet = SHEET_ROW_LIMIT): Promise<XlsxRowsWriter> {
    const excel = (await import('exceljs')).default;
    return new XlsxRowsWriter(excel, out, columns, rowsPerSheet);
  }

  async write(row: ExportRow): Promise<void> {
    if (!this.sheet || this.rowsInSheet >= this.rowsPerSheet) this.newSheet();
    this.sheet!.addRow(this.columns.map((column) => cellOf(row[column]))).commit();
    this.rowsInSheet++;
    if (this.out.writableNeedDrain) await waitDrain(this.out);
  }

  async end(): Promise<void> {
    if (!this.sheet) this.newSheet();
    this.sheet!.commit();
    await this.workbook.commit();
  }

  private newSheet(): void {
    this.sheet?.commit();
    this.sheets++;
    this.sheet = this.workbook.addWorksheet(`Results ${this.sheets}`);
    this.sheet.addRow(this.columns).commit();
    this.rowsInSheet = 1;
  }
}

function cellOf(value: string | number | undefined): string | number {
  if (typeof value === 'string' && value.length > CELL_TEXT_LIMIT) return `${value.slice(0, CELL_TEXT_LIMIT - 1)}…`;
  return value ?? '';
}
