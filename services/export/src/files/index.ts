/** What the files feature offers the rest of the service. */
export { analysisDocx } from './analysis-docx';
export { analysisHtml, escapeHtml } from './analysis-html';
export { CsvRowsWriter } from './csv-rows.writer';
export { figurePng } from './figure-chart';
export { JsonlRowsWriter } from './jsonl-rows.writer';
export { documentsCsv, figureCsv, numbersCsv } from './query-tables';
export { rowColumns, rowOf, writeOrWait } from './rows-writer';
export type { RowsWriter } from './rows-writer';
export { XlsxRowsWriter } from './xlsx-rows.writer';
export { ZipWriter } from './zip.writer';
