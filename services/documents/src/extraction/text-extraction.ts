import { InputError } from '@docket/errors';
import {
  ExtractionError,
  type ExtractedContent,
  type ExtractionFailure,
  type ExtractionFormat,
  type ExtractionInput,
  type ExtractionLimits,
  type ExtractionResult,
  type ExtractorContext,
  type PageSpan,
} from './extraction.types';
import { detectFormat, formatFromName } from './format-detection';
import { readInput } from './input-reader';
import { detectLanguage } from './language-detection';
import { parseSidecar } from './metadata-sidecar';
import { normaliseText } from './text-decoding';
import { extractInThread } from './threaded.extractor';
import { extractTxt } from './txt.extractor';

/** Between pages in `text`; page spans exclude it. */
export const PAGE_SEPARATOR = '\n\n';

/**
 * Text, page boundaries, title, language and metadata of one file. Never throws for a bad file:
 * an encrypted, corrupt, empty, too large, unsupported or too slow file comes back as
 * `{ ok: false, reason }` so that the importer keeps it and records why. Throws only for I/O errors
 * reading `input.path` (missing file, permissions).
 */
export async function extractText(input: ExtractionInput, limits: ExtractionLimits): Promise<ExtractionResult> {
  const read = await readInput(input, limits.maxBytes);
  if ('tooLarge' in read) {
    return failure(
      formatFromName(input.fileName, input.contentType) ?? 'unknown',
      'too_large',
      `the file is ${read.tooLarge} bytes, over the limit of ${limits.maxBytes}`,
    );
  }
  if ('notAFile' in read) return failure('unknown', 'unsupported', `${read.notAFile} is not a regular file`);
  const { bytes } = read;
  if (bytes.length === 0)
    return failure(
      formatFromName(input.fileName, input.contentType) ?? 'unknown',
      'empty',
      'the file is empty (0 bytes)',
    );

  const detected = detectFormat(bytes, input.fileName, input.contentType);
  if ('refuse' in detected) return failure(detected.format, detected.refuse, detected.message);
  const { format } = detected;
  try {
    const content = await withTimeout(limits.timeoutMs, (signal) => runExtractor(format, bytes, { limits, signal }));
    return assemble(format, content);
  } catch (err) {
    if (err instanceof ExtractionError) return failure(format, err.reason, err.message);
    return failure(
      format,
      'corrupt',
      `the ${format} file could not be parsed: ${(err as Error)?.message ?? String(err)}`,
    );
  }
}

async function runExtractor(
  format: ExtractionFormat,
  bytes: Buffer,
  context: ExtractorContext,
): Promise<ExtractedContent> {
  switch (format) {
    case 'pdf':
    case 'docx':
    case 'html':
      return extractInThread(format, bytes, context);
    case 'txt':
      return extractTxt(bytes);
    case 'json':
      return extractSidecar(bytes);
  }
}

/** A sidecar's "text" is its description; its fields become metadata. */
function extractSidecar(bytes: Buffer): ExtractedContent {
  try {
    const sidecar = parseSidecar(bytes);
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(sidecar)) {
      if (key === 'description' || value === undefined) continue;
      metadata[key] =
        value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
    }
    return { pageTexts: [sidecar.description ?? ''], title: sidecar.title, metadata };
  } catch (err) {
    if (err instanceof InputError) throw new ExtractionError('corrupt', err.message);
    throw err;
  }
}

function assemble(format: ExtractionFormat, content: ExtractedContent): ExtractionResult {
  const pageTexts = content.pageTexts.map(normaliseText);
  const pages: PageSpan[] = [];
  let text = '';
  pageTexts.forEach((pageText, index) => {
    if (index > 0) text += PAGE_SEPARATOR;
    pages.push({ number: index + 1, start: text.length, end: text.length + pageText.length });
    text += pageText;
  });
  if (format !== 'json' && text.trim() === '') {
    const message =
      format === 'pdf'
        ? `the PDF has ${pages.length} page(s) but no text layer; a scanned PDF needs OCR, which is not supported`
        : `the ${format} file contains no text`;
    return failure(format, 'empty', message);
  }
  return {
    ok: true,
    format,
    text,
    pages,
    pageCount: pages.length,
    language: detectLanguage(text, content.declaredLanguage),
    title: content.title,
    metadata: content.metadata,
  };
}

function failure(
  format: ExtractionFailure['format'],
  reason: ExtractionFailure['reason'],
  message: string,
): ExtractionFailure {
  return { ok: false, format, reason, message };
}

/**
 * Runs work with a deadline; on expiry the signal aborts (the extraction thread reading the file is
 * then ended) and a `timeout` ExtractionError is thrown.
 */
async function withTimeout<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ExtractionError('timeout', `parsing took longer than ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const running = work(controller.signal);
  running.catch(() => undefined); // its failure after the deadline is of no interest
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
