import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { SourceRecord } from '../domain/data-products/release-rows';

export type ReleaseFileFormat = 'csv' | 'jsonl';

/** A release file's records, streamed, each with the line it starts on (the header is line 1). */
export interface ReleaseFileRecords {
  columns: string[];
  records: AsyncIterable<SourceRecord>;
}

/** A file that cannot be read as its format at all (not a bad cell: those are the checker's). */
export class UnreadableReleaseFile extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'UnreadableReleaseFile';
  }
}

export function formatOf(fileName: string): ReleaseFileFormat | undefined {
  if (/\.csv$/iu.test(fileName)) return 'csv';
  if (/\.(jsonl|ndjson)$/iu.test(fileName)) return 'jsonl';
  return undefined;
}

/**
 * Opens a release file for reading: CSV with a header row (csv-parse, quoted fields may span
 * lines), or JSON Lines, one object a line, whose columns are the keys of the first object.
 */
export async function openReleaseFile(file: string, format: ReleaseFileFormat): Promise<ReleaseFileRecords> {
  return format === 'csv' ? openCsv(file) : openJsonLines(file);
}

async function openCsv(file: string): Promise<ReleaseFileRecords> {
  const parser = createReadStream(file).pipe(
    parse({ bom: true, relax_column_count: false, skip_empty_lines: true, info: true }),
  );
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  const header = await next(iterator);
  if (!header) throw new UnreadableReleaseFile(1, 'the file is empty: the first line must name the columns');
  const columns = header.record.map((name) => name.trim());
  async function* records(): AsyncGenerator<SourceRecord> {
    for (;;) {
      const item = await next(iterator);
      if (!item) return;
      const fields: Record<string, unknown> = {};
      columns.forEach((name, i) => (fields[name] = item.record[i]));
      // info.lines is where the record ends; a quoted field spanning lines starts it earlier.
      yield { line: item.info.lines, fields };
    }
  }
  return { columns, records: records() };
}

async function next<T>(iterator: AsyncIterator<T>): Promise<T | undefined> {
  try {
    const result = await iterator.next();
    return result.done ? undefined : result.value;
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new UnreadableReleaseFile(lines ?? 0, `not a readable CSV file: ${(error as Error).message}`);
  }
}

async function openJsonLines(file: string): Promise<ReleaseFileRecords> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity })[Symbol.asyncIterator]();
  let lineNumber = 0;
  const objectAt = async (): Promise<{ line: number; fields: Record<string, unknown> } | undefined> => {
    for (;;) {
      const result = await lines.next();
      if (result.done) return undefined;
      lineNumber += 1;
      const text = (result.value as string).trim();
      if (text === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new UnreadableReleaseFile(lineNumber, `line ${lineNumber} is not JSON`);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new UnreadableReleaseFile(lineNumber, `line ${lineNumber} must be one JSON object`);
      return { line: lineNumber, fields: value as Record<string, unknown> };
    }
  };
  const first = await objectAt();
  if (!first) throw new UnreadableReleaseFile(1, 'the file is empty: each line must be one JSON object');
  const columns = Object.keys(first.fields);
  async function* records(): AsyncGenerator<SourceRecord> {
    yield first!;
    for (;;) {
      const record = await objectAt();
      if (!record) return;
      const stray = Object.keys(record.fields).find((name) => !columns.includes(name));
      // The first line names the columns: a key it lacks would be dropped, so the file is refused.
      if (stray !== undefined)
        throw new UnreadableReleaseFile(record.line, `line ${record.line} has "${stray}", which line 1 does not name`);
      yield record;
    }
  }
  return { columns, records: records() };
}
