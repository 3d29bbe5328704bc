import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { numberFormatOf, writeReleaseXlsx, type XlsxCell } from '../../../src/data-products/release-xlsx.writer';

async function* batchesOf(rows: XlsxCell[][], size: number): AsyncGenerator<XlsxCell[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function workbookOf(write: (out: PassThrough) => Promise<unknown>): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

const columns = [
  { name: 'tariff_id', type: 'text' as const, unit: undefined },
  { name: 'rate', type: 'money' as const, unit: 'USD' },
  { name: 'effective_date', type: 'date' as const, unit: undefined },
  { name: 'approved', type: 'boolean' as const, unit: undefined },
];

describe('writeReleaseXlsx', () => {
  it('writes typed cells under a bold, frozen header', async () => {
    const rows: XlsxCell[][] = [
      ['NY-1', 0.2211, new Date('2025-05-01T00:00:00Z'), true],
      ['PA-1', null, null, false],
    ];
    const workbook = await workbookOf((out) => writeReleaseXlsx(out, columns, batchesOf(rows, 1)));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'tariff_id', 'rate', 'effective_date', 'approved']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('B2').value).toBe(0.2211);
    expect(sheet.getCell('B2').numFmt).toBe(numberFormatOf({ type: 'money', unit: 'USD' }));
    expect(sheet.getCell('C2').value).toEqual(new Date('2025-05-01T00:00:00Z'));
    expect(sheet.getCell('D2').value).toBe(true);
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.actualRowCount).toBe(3);
  });

  it('starts a new sheet, with its header, when one is full', async () => {
    const rows: XlsxCell[][] = Array.from({ length: 7 }, (_, i) => [`T-${i}`, i, null, null]);
    let written: { rows: number; sheets: number } | undefined;
    const workbook = await workbookOf(async (out) => {
      written = await writeReleaseXlsx(out, columns, batchesOf(rows, 2), { rowsPerSheet: 4 });
    });
    expect(written).toEqual({ rows: 7, sheets: 3 });
    expect(workbook.worksheets.map((sheet) => sheet.actualRowCount)).toEqual([4, 4, 2]);
    expect(workbook.worksheets[1]!.getCell('A1').value).toBe('tariff_id');
    expect(workbook.worksheets[1]!.getCell('A2').value).toBe('T-3');
  });

  it('writes a header row for no rows', async () => {
    const workbook = await workbookOf((out) => writeReleaseXlsx(out, columns, batchesOf([], 1)));
    expect(workbook.worksheets[0]!.actualRowCount).toBe(1);
  });

  it('stops taking batches while nobody reads the workbook, and finishes once it is read', async () => {
    const total = 200;
    let pulled = 0;
    async function* many(): AsyncGenerator<XlsxCell[][]> {
      for (let i = 0; i < total; i += 1) {
        pulled += 1;
        yield Array.from({ length: 500 }, (_, j) => [`T-${i}-${j}-${'x'.repeat(40)}`, j, null, j % 2 === 0]);
      }
    }
    const out = new PassThrough();
    const writing = writeReleaseXlsx(out, columns, many());
    // Until the writer stops pulling: the zip's backlog is bounded, so it stops well before the last batch.
    let seen = -1;
    for (let waited = 0; pulled !== seen && waited < 10_000; waited += 300) {
      seen = pulled;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(pulled).toBeLessThan(total);
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await expect(writing).resolves.toEqual({ rows: total * 500, sheets: 1 });
    expect(pulled).toBe(total);
    expect(bytes).toBeGreaterThan(0);
  });

  it('formats percents as written and other currencies by their code', () => {
    expect(numberFormatOf({ type: 'percent', unit: undefined })).toBe('0.00##"%"');
    expect(numberFormatOf({ type: 'money', unit: 'EUR' })).toBe('#,##0.00## "EUR"');
    expect(numberFormatOf({ type: 'text', unit: undefined })).toBeUndefined();
  });
});
