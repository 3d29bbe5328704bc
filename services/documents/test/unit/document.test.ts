import { createHash } from 'node:crypto';
import { InputError } from '@docket/errors';
import {
  contentSha256,
  normaliseForHash,
  pageSizeOf,
  TEXT_MAX_BYTES,
  validateNewDocument,
  type NewDocumentInput,
} from '../../src/domain/document';

const input = (over: Partial<NewDocumentInput> = {}): NewDocumentInput => ({
  title: 'Order on rate case',
  text: 'The commission orders…',
  sourceId: 'ferc',
  docketNumber: 'ER24-1',
  filingType: 'order',
  createdBy: 'u1',
  ...over,
});

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).issues;
  }
  throw new Error('expected an InputError');
}

describe('validateNewDocument', () => {
  it('accepts a document, trims the title and hashes the content', () => {
    const doc = validateNewDocument(input({ title: '  Order  ' }));
    expect(doc.title).toBe('Order');
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.sha256).toBe(contentSha256('Order', 'The commission orders…'));
  });

  it('rejects an empty title and empty text, naming both fields', () => {
    expect(issuesOf(() => validateNewDocument(input({ title: '   ', text: '\n\t ' })))).toEqual([
      { path: 'title', message: 'must not be empty' },
      { path: 'text', message: 'must not be empty' },
    ]);
  });

  it('limits the title to 500 characters (not bytes) and the text to 5 MB', () => {
    expect(validateNewDocument(input({ title: 'é'.repeat(500) })).title).toHaveLength(500);
    expect(issuesOf(() => validateNewDocument(input({ title: 'a'.repeat(501) })))[0]?.path).toBe('title');
    expect(validateNewDocument(input({ text: 'x'.repeat(TEXT_MAX_BYTES) })).text).toHaveLength(TEXT_MAX_BYTES);
    expect(issuesOf(() => validateNewDocument(input({ text: 'x'.repeat(TEXT_MAX_BYTES + 1) })))).toEqual([
      { path: 'text', message: 'must be at most 5 MB' },
    ]);
    // Multi-byte characters count by their UTF-8 size.
    expect(issuesOf(() => validateNewDocument(input({ text: '€'.repeat(TEXT_MAX_BYTES / 3 + 1) })))[0]?.path).toBe(
      'text',
    );
  });

  it('rejects an invalid filing date', () => {
    expect(issuesOf(() => validateNewDocument(input({ filedAt: new Date('nope') })))).toEqual([
      { path: 'filedAt', message: 'must be a valid date' },
    ]);
  });
});

describe('content hash', () => {
  it('ignores whitespace layout and Unicode composition', () => {
    expect(normaliseForHash('  a\r\n\tb   c ')).toBe('a b c');
    expect(contentSha256('Title', 'line one\nline two')).toBe(contentSha256(' Title ', 'line one\r\n   line two\n'));
    expect(contentSha256('Café', 'x')).toBe(contentSha256('Cafe\u0301', 'x'));
  });

  it('folds every kind of white-space run to one space, as stored hashes expect', () => {
    const samples = [
      'a\tb',
      'a\u00a0b',
      'a \u3000b',
      'a\u2028\u2029 b',
      'one two  three',
      ' \n lead and trail \t',
      'x\r\ny',
      'no\u200bbreak',
    ];
    for (const sample of samples) expect(normaliseForHash(sample)).toBe(sample.replace(/\s+/g, ' ').trim());
    // The hash of documents already stored: sha256 of the folded title, NUL, the folded text.
    expect(contentSha256(' Title\t', 'x  y\n\nz ')).toBe(createHash('sha256').update('Title\u0000x y z').digest('hex'));
  });

  it('distinguishes different content and where the title ends', () => {
    expect(contentSha256('a', 'b')).not.toBe(contentSha256('a', 'c'));
    expect(contentSha256('ab', 'c')).not.toBe(contentSha256('a', 'bc'));
    expect(contentSha256('Title', 'text')).not.toBe(contentSha256('title', 'text'));
  });
});

describe('pageSizeOf', () => {
  it('defaults 0, caps at 500, rejects negatives', () => {
    expect(pageSizeOf(0)).toBe(100);
    expect(pageSizeOf(20)).toBe(20);
    expect(pageSizeOf(10_000)).toBe(500);
    expect(() => pageSizeOf(-1)).toThrow(InputError);
  });
});
