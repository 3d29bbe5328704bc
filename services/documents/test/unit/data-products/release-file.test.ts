import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  openReleaseFile,
  UnreadableReleaseFile,
  type ReleaseFileFormat,
} from '../../../src/data-products/release-file.reader';
import type { SourceRecord } from '../../../src/domain/data-products/release-rows';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'release-file-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

async function read(name: string, text: string, format: ReleaseFileFormat) {
  const file = path.join(directory, name);
  await writeFile(file, text);
  const opened = await openReleaseFile(file, format);
  const records: SourceRecord[] = [];
  for await (const record of opened.records) records.push(record);
  return { columns: opened.columns, records };
}

describe('release files', () => {
  it('reads CSV with its header, each record with the line it ends on', async () => {
    const { columns, records } = await read(
      'a.csv',
      '\ufeffdocket,utility,note\nR-1,Lehigh Valley Water,"two\nlines"\nR-2,"Penn Power, Inc.",\n',
      'csv',
    );
    expect(columns).toEqual(['docket', 'utility', 'note']);
    expect(records).toEqual([
      { line: 3, fields: { docket: 'R-1', utility: 'Lehigh Valley Water', note: 'two\nlines' } },
      { line: 4, fields: { docket: 'R-2', utility: 'Penn Power, Inc.', note: '' } },
    ]);
  });

  it('refuses a CSV row with the wrong number of fields, naming its line', async () => {
    await expect(read('b.csv', 'docket,utility\nR-1,A\nR-2,B,extra\n', 'csv')).rejects.toThrow(UnreadableReleaseFile);
    await expect(read('b2.csv', 'docket,utility\nR-1,A\nR-2,B,extra\n', 'csv')).rejects.toThrow(/line 3/u);
  });

  it('reads JSON Lines, skipping blank lines; refuses a line that is not one object or names a new key', async () => {
    const { columns, records } = await read('c.jsonl', '{"docket":"R-1","amount":5}\n\n{"docket":"R-2"}\n', 'jsonl');
    expect(columns).toEqual(['docket', 'amount']);
    expect(records).toEqual([
      { line: 1, fields: { docket: 'R-1', amount: 5 } },
      { line: 3, fields: { docket: 'R-2' } },
    ]);
    await expect(read('d.jsonl', '{"docket":"R-1"}\n[1,2]\n', 'jsonl')).rejects.toThrow(
      'line 2 must be one JSON object',
    );
    await expect(read('e.jsonl', '{"docket":"R-1"}\n{"docket":"R-2","roe":9}\n', 'jsonl')).rejects.toThrow(
      'line 2 has "roe", which line 1 does not name',
    );
  });
});
