import fs from 'node:fs';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';
import { ExtractionError, type ExtractedContent } from '../extraction.types';

/** FPDF_GetLastError's codes (fpdfview.h). */
const PDFIUM_ERRORS: Record<number, { reason: 'encrypted' | 'corrupt'; message: string }> = {
  1: { reason: 'corrupt', message: 'the PDF could not be read (unknown error)' },
  2: { reason: 'corrupt', message: 'the PDF could not be read: it is not a PDF file or it is damaged' },
  3: { reason: 'corrupt', message: 'the PDF is damaged or truncated: its structure could not be parsed' },
  4: { reason: 'encrypted', message: 'the PDF is password-protected' },
  5: { reason: 'encrypted', message: 'the PDF is encrypted with a security scheme that is not supported' },
};

const INFO_FIELDS: Record<string, string> = {
  Author: 'author',
  Subject: 'subject',
  Keywords: 'keywords',
  Creator: 'creator',
  Producer: 'producer',
  CreationDate: 'created',
  ModDate: 'modified',
};

/** Loads PDFium (WebAssembly, from the package's own .wasm file) once per thread. */
export async function loadPdfium(): Promise<WrappedPdfiumModule> {
  const wasmBinary = fs.readFileSync(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
  const pdfium = await init({ wasmBinary });
  pdfium.PDFiumExt_Init();
  return pdfium;
}

/**
 * Text of every page of a PDF, with its title, metadata and declared language, read by PDFium.
 * Synchronous and CPU-bound: it runs in an extraction thread (extraction-threads.ts), never on a
 * service's event loop. Throws ExtractionError for a file that cannot be used.
 */
export function readPdf(lib: WrappedPdfiumModule, bytes: Uint8Array, maxPages: number): ExtractedContent {
  const memory = lib.pdfium.wasmExports;
  const data = memory.malloc(bytes.length);
  heap(lib).set(bytes, data);
  try {
    const doc = lib.FPDF_LoadMemDocument(data, bytes.length, '');
    if (!doc) throw new ExtractionError(...errorOf(lib.FPDF_GetLastError()));
    try {
      const pageCount = lib.FPDF_GetPageCount(doc);
      if (pageCount > maxPages)
        throw new ExtractionError('too_large', `the PDF has ${pageCount} pages, over the limit of ${maxPages}`);
      const pageTexts: string[] = [];
      for (let index = 0; index < pageCount; index++) pageTexts.push(pageText(lib, doc, index));
      return describe(lib, doc, pageTexts);
    } finally {
      lib.FPDF_CloseDocument(doc);
    }
  } finally {
    memory.free(data);
  }
}

/** The module's memory as bytes; read afresh each time, as it is replaced when the memory grows. */
function heap(lib: WrappedPdfiumModule): Uint8Array {
  return (lib.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;
}

function errorOf(code: number): [ExtractionError['reason'], string] {
  const known = PDFIUM_ERRORS[code] ?? PDFIUM_ERRORS[1]!;
  return [known.reason, known.message];
}

function pageText(lib: WrappedPdfiumModule, doc: number, index: number): string {
  const page = lib.FPDF_LoadPage(doc, index);
  if (!page) return ''; // a page PDFium cannot load keeps its number, empty, as a blank page does
  const textPage = lib.FPDFText_LoadPage(page);
  try {
    const chars = textPage ? lib.FPDFText_CountChars(textPage) : 0;
    if (chars <= 0) return '';
    return readUtf16(lib, (chars + 1) * 2, (buffer) => lib.FPDFText_GetText(textPage, 0, chars, buffer));
  } finally {
    if (textPage) lib.FPDFText_ClosePage(textPage);
    lib.FPDF_ClosePage(page);
  }
}

/** A UTF-16LE string, terminator included, that PDFium writes into a buffer of `bytes` we allocate. */
function readUtf16(lib: WrappedPdfiumModule, bytes: number, write: (buffer: number) => unknown): string {
  const buffer = lib.pdfium.wasmExports.malloc(bytes);
  try {
    write(buffer);
    return lib.pdfium.UTF16ToString(buffer);
  } finally {
    lib.pdfium.wasmExports.free(buffer);
  }
}

function describe(lib: WrappedPdfiumModule, doc: number, pageTexts: string[]): ExtractedContent {
  const info = (tag: string): string => {
    const bytes = lib.FPDF_GetMetaText(doc, tag, 0, 0); // the length in bytes, terminator included
    return bytes > 2 ? readUtf16(lib, bytes, (buffer) => lib.FPDF_GetMetaText(doc, tag, buffer, bytes)).trim() : '';
  };
  const metadata: Record<string, string> = {};
  for (const [field, key] of Object.entries(INFO_FIELDS)) {
    const value = info(field);
    if (!value) continue;
    const date = key === 'created' || key === 'modified' ? parsePdfDate(value) : undefined;
    metadata[key] = date ? date.toISOString() : value;
  }
  const version = pdfVersion(lib, doc);
  if (version) metadata.pdfVersion = version;
  const title = info('Title') || undefined;
  const language = catalogLanguage(lib, doc)?.split(/[-_]/)[0]?.toLowerCase();
  return { pageTexts, title, metadata, declaredLanguage: language || undefined };
}

function pdfVersion(lib: WrappedPdfiumModule, doc: number): string | undefined {
  const out = lib.pdfium.wasmExports.malloc(4);
  try {
    if (!lib.FPDF_GetFileVersion(doc, out)) return undefined;
    const version = lib.pdfium.getValue(out, 'i32'); // 17 for 1.7
    return `${Math.floor(version / 10)}.${version % 10}`;
  } finally {
    lib.pdfium.wasmExports.free(out);
  }
}

function catalogLanguage(lib: WrappedPdfiumModule, doc: number): string | undefined {
  const bytes = lib.FPDFCatalog_GetLanguage(doc, 0, 0);
  return bytes > 2
    ? readUtf16(lib, bytes, (buffer) => lib.FPDFCatalog_GetLanguage(doc, buffer, bytes)).trim()
    : undefined;
}

const PDF_DATE = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/;

/** A PDF date string (ISO 32000-1 §7.9.4: D:YYYYMMDDHHmmSSOHH'mm') as a Date; undefined when it is not one. */
export function parsePdfDate(value: string): Date | undefined {
  const match = PDF_DATE.exec(value.trim());
  if (!match) return undefined;
  const [
    ,
    year,
    month = '01',
    day = '01',
    hour = '00',
    minute = '00',
    second = '00',
    sign,
    offsetHours = '00',
    offsetMinutes = '00',
  ] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset =
    sign === '+' || sign === '-'
      ? (sign === '+' ? 1 : -1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000
      : 0;
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
