import path from 'node:path';
import type * as Pdfjs from 'pdfjs-dist';
import { nativeRequire } from './esm-require';
import { ExtractionError, type ExtractedContent, type ExtractorContext } from './extraction.types';

type PdfjsModule = typeof Pdfjs;

let pdfjs: PdfjsModule | undefined;
let assetDirs: { cMapUrl: string; standardFontDataUrl: string } | undefined;

/** Loads the legacy (Node-compatible) pdf.js build once, with its worker on the main thread (no worker download). */
function loadPdfjs(): PdfjsModule {
  if (!pdfjs) {
    const worker = nativeRequire('pdfjs-dist/legacy/build/pdf.worker.mjs') as unknown;
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    pdfjs = nativeRequire('pdfjs-dist/legacy/build/pdf.mjs') as PdfjsModule;
    // Character maps (CJK and other CID fonts) and standard font metrics ship in the package: read from disk.
    const root = path.dirname(nativeRequire.resolve('pdfjs-dist/package.json'));
    assetDirs = { cMapUrl: path.join(root, 'cmaps') + path.sep, standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep };
  }
  return pdfjs;
}

const INFO_FIELDS: Record<string, string> = {
  Author: 'author',
  Subject: 'subject',
  Keywords: 'keywords',
  Creator: 'creator',
  Producer: 'producer',
  CreationDate: 'created',
  ModDate: 'modified',
};

/** Text of every page of a PDF, in reading order as pdf.js reports it. */
export async function extractPdf(bytes: Buffer, context: ExtractorContext): Promise<ExtractedContent> {
  const lib = loadPdfjs();
  const task = lib.getDocument({
    // A copy: pdf.js transfers (detaches) the buffer it is given.
    data: new Uint8Array(bytes),
    ...assetDirs,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  const abort = () => void task.destroy();
  context.signal.addEventListener('abort', abort, { once: true });
  try {
    const doc = await task.promise;
    if (doc.numPages > context.limits.maxPages) {
      throw new ExtractionError('too_large', `the PDF has ${doc.numPages} pages, over the limit of ${context.limits.maxPages}`);
    }
    const pageTexts: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      if (context.signal.aborted) throw new ExtractionError('timeout', 'stopped: parsing took too long');
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      }
      pageTexts.push(text);
      page.cleanup();
    }
    const { info } = await doc.getMetadata().catch(() => ({ info: {} }));
    return { pageTexts, ...describe(lib, info as Record<string, unknown>) };
  } catch (err) {
    throw classify(err);
  } finally {
    context.signal.removeEventListener('abort', abort);
    await task.destroy().catch(() => undefined);
  }
}

function describe(lib: PdfjsModule, info: Record<string, unknown>): Omit<ExtractedContent, 'pageTexts'> {
  const metadata: Record<string, string> = {};
  for (const [field, key] of Object.entries(INFO_FIELDS)) {
    const value = info[field];
    if (typeof value !== 'string' || !value.trim()) continue;
    const date = key === 'created' || key === 'modified' ? lib.PDFDateString.toDateObject(value) : null;
    metadata[key] = date ? date.toISOString() : value.trim();
  }
  if (typeof info.PDFFormatVersion === 'string') metadata.pdfVersion = info.PDFFormatVersion;
  const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
  const language = typeof info.Language === 'string' ? info.Language.split(/[-_]/)[0]?.toLowerCase() : undefined;
  return { title, metadata, declaredLanguage: language || undefined };
}

/** pdf.js names its exceptions; map them to the reasons the importer records. */
function classify(err: unknown): ExtractionError {
  if (err instanceof ExtractionError) return err;
  const { name, message } = err as Error;
  if (name === 'PasswordException') return new ExtractionError('encrypted', 'the PDF is password-protected');
  if (name === 'InvalidPDFException') return new ExtractionError('corrupt', `the PDF is damaged or truncated: ${message}`);
  return new ExtractionError('corrupt', `the PDF could not be read: ${message ?? String(err)}`);
}
