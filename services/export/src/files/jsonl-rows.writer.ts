import type { Writable } from 'node:stream';
import { writeOrWait, type ExportRow, type RowsWriter } from './rows-writer';

/** JSON Lines: one object per line, UTF-8. */
export class JsonlRowsWriter implements RowsWriter {
  constructor(private readonly out: Writable) {}

  write(row: ExportRow): Promise<void> {
    return writeOrWait(this.out, `${JSON.stringify(row)}\n`);
  }

  async end(): Promise<void> {
    this.out.end();
  }
}
