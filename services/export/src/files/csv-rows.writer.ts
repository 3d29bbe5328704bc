import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify, type Stringifier } from 'csv-stringify';
import { writeOrWait, type ExportRow, type RowsWriter } from './rows-writer';

/** RFC 4180 CSV with a header row (csv-stringify), streamed into `out`. */
export class CsvRowsWriter implements RowsWriter {
  private readonly stringifier: Stringifier;

  constructor(
    private readonly out: Writable,
    columns: string[],
  ) {
    this.stringifier = stringify({ header: true, columns, cast: { number: (value) => String(value) } });
    this.stringifier.pipe(out);
  }

  write(row: ExportRow): Promise<void> {
    return writeOrWait(this.stringifier, row);
  }

  async end(): Promise<void> {
    this.stringifier.end();
    await finished(this.stringifier);
    await finished(this.out, { readable: false }).catch(() => undefined);
  }
}
