import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '@docket/errors';
import { detectFormat, extractText, parseSidecar } from '../../../src/extraction';
import { limits, makeDocx, makePdf } from '../../fixtures/extraction/fixture-files';

function sidecarIssues(json: unknown): { path: string; message: string }[] {
  try {
    parseSidecar(json);
  } catch (err) {
    if (err instanceof InputError) return err.issues;
    throw err;
  }
  throw new Error('expected the sidecar to be rejected');
}

describe('metadata sidecars', () => {
  it('parses a complete sidecar', () => {
    const sidecar = parseSidecar(
      JSON.stringify({
        title: ' Comments of the Sierra Club ',
        docketNumber: 'RM22-14-000',
        filingType: 'Comment',
        filedAt: '2024-03-01',
        filers: ['Sierra Club', 'Earthjustice'],
        sourceId: 'elibrary:20240301-5123',
        sourceUrl: 'https://elibrary.ferc.gov/eLibrary/filelist?accession_number=20240301-5123',
        description: 'Comments on the interconnection NOPR.',
      }),
    );
    expect(sidecar).toEqual({
      title: 'Comments of the Sierra Club',
      docketNumber: 'RM22-14-000',
      filingType: 'Comment',
      filedAt: new Date('2024-03-01T00:00:00Z'),
      filers: ['Sierra Club', 'Earthjustice'],
      sourceId: 'elibrary:20240301-5123',
      sourceUrl: 'https://elibrary.ferc.gov/eLibrary/filelist?accession_number=20240301-5123',
      description: 'Comments on the interconnection NOPR.',
    });
    expect(parseSidecar({ filers: 'One Filer LLC', filedAt: '2024-03-01T15:30:00-05:00' })).toEqual({
      filers: ['One Filer LLC'],
      filedAt: new Date('2024-03-01T20:30:00Z'),
    });
  });

  it('names every offending field', () => {
    const issues = sidecarIssues({
      title: '',
      filedAt: '03/01/2024',
      filers: ['ok', 7],
      sourceUrl: 'ftp://example.org/x',
      docket_number: 'RM22-14',
    });
    expect(issues.map((i) => i.path).sort()).toEqual(['docket_number', 'filedAt', 'filers.1', 'sourceUrl', 'title']);
    expect(issues.find((i) => i.path === 'filedAt')?.message).toMatch(/YYYY-MM-DD/);
    expect(issues.find((i) => i.path === 'docket_number')?.message).toMatch(/not a known sidecar field/);
    expect(sidecarIssues({ filedAt: '2024-02-30' })[0]?.path).toBe('filedAt');
  });

  it('rejects invalid JSON and non-objects with a clear message', () => {
    expect(() => parseSidecar('{"title": ')).toThrow(/not valid JSON/);
    expect(sidecarIssues('[1, 2]')[0]).toEqual({ path: '', message: 'must be a JSON object' });
  });

  it('extracts a sidecar file as format json: description as text, fields as metadata', async () => {
    const bytes = Buffer.from(
      JSON.stringify({
        title: 'Motion to Intervene',
        filers: ['A Corp.', 'B LLC'],
        filedAt: '2024-05-02',
        description: 'Motion to intervene out of time.',
      }),
    );
    const result = await extractText({ fileName: 'motion.pdf.json', bytes }, limits);
    expect(result).toMatchObject({
      ok: true,
      format: 'json',
      title: 'Motion to Intervene',
      text: 'Motion to intervene out of time.',
      metadata: { title: 'Motion to Intervene', filers: 'A Corp.; B LLC', filedAt: '2024-05-02T00:00:00.000Z' },
    });
    const bad = await extractText({ fileName: 'bad.json', bytes: Buffer.from('{"filedAt": "yesterday"}') }, limits);
    expect(bad).toMatchObject({ ok: false, format: 'json', reason: 'corrupt' });
    expect(!bad.ok && bad.message).toMatch(/filedAt/);
  });
});

describe('format detection', () => {
  it('trusts magic bytes over names, then the extension, then the content type', async () => {
    expect(detectFormat(await makePdf([['x']]), 'report.txt')).toEqual({ format: 'pdf' });
    expect(detectFormat(await makeDocx(['x']), 'report.pdf')).toEqual({ format: 'docx' });
    expect(detectFormat(Buffer.from('\ufeff<!DOCTYPE html><p>x'), 'report.txt')).toEqual({ format: 'html' });
    expect(detectFormat(Buffer.from('plain words'), 'notes.md')).toEqual({ format: 'txt' });
    expect(detectFormat(Buffer.from('<p>fragment</p>'), 'blob', 'text/html; charset=utf-8')).toEqual({
      format: 'html',
    });
    expect(detectFormat(Buffer.from('{"title":"x"}'), 'blob')).toEqual({ format: 'json' });
  });

  it('refuses binary files of no known format as unsupported', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await extractText({ fileName: 'scan.png', contentType: 'image/png', bytes: png }, limits)).toMatchObject({
      ok: false,
      format: 'unknown',
      reason: 'unsupported',
    });
  });
});

describe('limits and inputs', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'extraction-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a file from a path', async () => {
    const file = path.join(dir, 'order.pdf');
    fs.writeFileSync(file, await makePdf([['page one'], ['page two']]));
    const result = await extractText({ fileName: 'order.pdf', path: file }, limits);
    expect(result).toMatchObject({ ok: true, format: 'pdf', pageCount: 2 });
  });

  it('refuses a file over maxBytes from its size alone, without reading it', async () => {
    const file = path.join(dir, 'huge.txt');
    fs.writeFileSync(file, Buffer.alloc(2048, 0x61));
    const readSpy = jest.spyOn(fs, 'createReadStream');
    try {
      const result = await extractText({ fileName: 'huge.txt', path: file }, { ...limits, maxBytes: 1024 });
      expect(result).toMatchObject({ ok: false, format: 'txt', reason: 'too_large' });
      expect(readSpy).not.toHaveBeenCalled();
    } finally {
      readSpy.mockRestore();
    }
    expect(
      await extractText({ fileName: 'huge.txt', bytes: Buffer.alloc(2048, 0x61) }, { ...limits, maxBytes: 1024 }),
    ).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it('reports a zero-byte file as empty and a directory as unsupported', async () => {
    const file = path.join(dir, 'nothing.pdf');
    fs.writeFileSync(file, '');
    expect(await extractText({ fileName: 'nothing.pdf', path: file }, limits)).toMatchObject({
      ok: false,
      format: 'pdf',
      reason: 'empty',
    });
    expect(await extractText({ fileName: 'sub', path: dir }, limits)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });

  it('throws for a path that does not exist (an I/O problem, not a bad file)', async () => {
    await expect(extractText({ fileName: 'gone.pdf', path: path.join(dir, 'gone.pdf') }, limits)).rejects.toThrow(
      /ENOENT/,
    );
  });
});
