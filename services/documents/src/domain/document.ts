import { createHash } from 'node:crypto';
import { InputError, type FieldIssue } from '@docket/errors';

export const TITLE_MAX_CHARS = 500;
export const TEXT_MAX_BYTES = 5 * 1024 * 1024;
const FIELD_MAX_CHARS = 200;

/** What a caller sends to add a document. */
export interface NewDocumentInput {
  title: string;
  text: string;
  sourceId: string;
  docketNumber: string;
  filingType: string;
  filedAt?: Date | undefined;
  createdBy: string;
}

/** A validated new document, with its content hash (the deduplication key). */
export interface NewDocument extends NewDocumentInput {
  sha256: string;
}

/** Validates and normalises a new document; every problem is reported at once, per field. */
export function validateNewDocument(input: NewDocumentInput): NewDocument {
  const issues: FieldIssue[] = [];
  const title = input.title.trim();
  const text = input.text;
  if (title.length === 0) issues.push({ path: 'title', message: 'must not be empty' });
  else if ([...title].length > TITLE_MAX_CHARS)
    issues.push({ path: 'title', message: `must be at most ${TITLE_MAX_CHARS} characters` });
  if (text.trim().length === 0) issues.push({ path: 'text', message: 'must not be empty' });
  else if (Buffer.byteLength(text, 'utf8') > TEXT_MAX_BYTES)
    issues.push({ path: 'text', message: 'must be at most 5 MB' });
  for (const field of ['sourceId', 'docketNumber', 'filingType', 'createdBy'] as const) {
    if (input[field].length > FIELD_MAX_CHARS)
      issues.push({ path: field, message: `must be at most ${FIELD_MAX_CHARS} characters` });
  }
  if (input.filedAt && Number.isNaN(input.filedAt.getTime()))
    issues.push({ path: 'filedAt', message: 'must be a valid date' });
  if (issues.length > 0) throw new InputError('invalid document', issues);

  return {
    title,
    text,
    sourceId: input.sourceId.trim(),
    docketNumber: input.docketNumber.trim(),
    filingType: input.filingType.trim(),
    filedAt: input.filedAt,
    createdBy: input.createdBy,
    sha256: contentSha256(title, text),
  };
}

/**
 * Unicode NFC, one space for any run of whitespace, trimmed: the same filing pasted with other
 * line breaks or indentation is the same document.
 */
export function normaliseForHash(value: string): string {
  // Only runs that are not already one space are replaced (same result as /\s+/ → ' '): a text's
  // single spaces, nearly all of its runs, are left alone rather than each rebuilt.
  return value.normalize('NFC').replace(WHITESPACE_TO_FOLD, ' ').trim();
}

/** A white-space run that starts with anything but a space, or a space followed by more white space. */
const WHITESPACE_TO_FOLD = /[^\S ]\s*| \s+/g;

/** Hex sha256 of the normalised title and text, separated so that ("ab","c") ≠ ("a","bc"). */
export function contentSha256(title: string, text: string): string {
  return createHash('sha256')
    .update(normaliseForHash(title))
    .update('\u0000')
    .update(normaliseForHash(text))
    .digest('hex');
}

export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 500;

/** AIP-158 style: 0 means the default, larger than the maximum is coerced to the maximum. */
export function pageSizeOf(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0)
    throw new InputError('invalid page size', [{ path: 'pageSize', message: 'must be a non-negative integer' }]);
  if (requested === 0) return PAGE_SIZE_DEFAULT;
  return Math.min(requested, PAGE_SIZE_MAX);
}
