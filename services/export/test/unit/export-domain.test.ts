import { ConflictError, InputError, NotFoundError } from '@docket/errors';
import { signDownload, verifyDownload } from '../../src/domain/download-token';
import { checkFormat, fileNameOf, progressMessage, rateOf, titleOf } from '../../src/domain/export';
import { checkLimits } from '../../src/domain/export-limits';
import { plainText, rowOf } from '../../src/files/rows-writer';

const SECRET = 'a-secret-of-enough-length';
const now = new Date('2026-11-25T12:00:00Z');

describe('download tokens', () => {
  it('carry the export and the expiry, and verify until then', () => {
    const expiresAt = new Date('2026-12-25T12:00:00Z');
    const token = signDownload({ exportId: '01a2-export', expiresAt }, SECRET);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyDownload(token, SECRET, now)).toEqual({ exportId: '01a2-export', expiresAt });
  });

  it('refuse a changed expiry, another secret, garbage, and an expired link, all as NOT_FOUND', () => {
    const token = signDownload({ exportId: 'e1', expiresAt: new Date('2026-12-25T12:00:00Z') }, SECRET);
    const [, mac] = token.split('.');
    const longer = `${Buffer.from(`e1.${Date.parse('2030-01-01')}`).toString('base64url')}.${mac}`;
    expect(() => verifyDownload(longer, SECRET, now)).toThrow(NotFoundError);
    expect(() => verifyDownload(token, 'another-secret-of-enough-length', now)).toThrow(NotFoundError);
    expect(() => verifyDownload('not-a-token', SECRET, now)).toThrow(NotFoundError);
    expect(() => verifyDownload(token, SECRET, new Date('2026-12-25T12:00:00Z'))).toThrow(
      'this download link has expired',
    );
  });
});

describe('formats and names', () => {
  it('allows each subject its own formats and names the others in the error', () => {
    expect(checkFormat('search', 'xlsx')).toBe('xlsx');
    expect(checkFormat('query', 'docx')).toBe('docx');
    expect(() => checkFormat('query', 'xlsx')).toThrow(InputError);
    expect(() => checkFormat('workspace', 'csv')).toThrow('a workspace exports as zip');
    expect(() => checkFormat('search', undefined)).toThrow('a search exports as csv, xlsx, jsonl, zip');
  });

  it('makes ASCII file names and readable titles', () => {
    const source = {
      kind: 'search' as const,
      text: 'Rate case: "Ameren" élec',
      filters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
      sort: 'relevance' as const,
    };
    expect(fileNameOf(source, 'csv', now)).toBe('search-rate-case-ameren-elec-2026-11-25.csv');
    expect(fileNameOf({ kind: 'workspace', name: '!!!' }, 'zip', now)).toBe('workspace-export-2026-11-25.zip');
    expect(titleOf(source, 'jsonl')).toBe('Search \'Rate case: "Ameren" élec\' — JSON Lines');
  });
});

describe('progress', () => {
  it('says rows done of how many, the speed and the time left', () => {
    const startedAt = new Date(now.getTime() - 10_000);
    expect(rateOf({ unit: 'rows', done: 20_000, total: 100_000 }, startedAt, now)).toEqual({
      perSecond: 2000,
      secondsLeft: 40,
    });
    expect(progressMessage({ unit: 'rows', done: 20_000, total: 100_000 }, startedAt, now)).toBe(
      '20,000 of 100,000 rows · 2,000 rows/s · about 40 s left',
    );
    expect(progressMessage({ unit: 'rows', done: 0, total: 0 }, startedAt, now)).toBe('0 rows');
  });
});

describe('limits', () => {
  it('refuses past either per-user limit, naming it', () => {
    expect(() => checkLimits({ running: 1, stored: 49 }, { maxConcurrent: 3, maxStored: 50 })).not.toThrow();
    expect(() => checkLimits({ running: 3, stored: 0 }, { maxConcurrent: 3, maxStored: 50 })).toThrow(ConflictError);
    expect(() => checkLimits({ running: 0, stored: 50 }, { maxConcurrent: 3, maxStored: 50 })).toThrow(
      'you already keep 50 exported files (the limit is 50)',
    );
  });
});

describe('rows', () => {
  it('turn the search snippet back into text and link the document', () => {
    expect(plainText('a <mark>rate</mark> &amp; &lt;b&gt; &quot;x&quot; &#39;y&#39;')).toBe('a rate & <b> "x" \'y\'');
    const row = rowOf(
      {
        documentId: 'd1',
        title: 'T',
        snippet: '<mark>s</mark>',
        score: 1.23456,
        filedAt: new Date('2025-03-04T10:00:00Z'),
        sourceId: 'icc',
        sourceName: 'ICC',
        docketNumber: '23-0456',
        filingType: 'Order',
        filingCategory: 'Order',
        parties: ['A', 'B'],
      },
      (id) => `https://app/documents/${id}`,
      'full',
    );
    expect(row).toMatchObject({
      filed_at: '2025-03-04',
      parties: 'A; B',
      snippet: 's',
      score: 1.235,
      link: 'https://app/documents/d1',
      full_text: 'full',
    });
  });
});
