/**
 * Text extraction for ingestion: `extractText(input, limits)` turns a PDF, DOCX, HTML, TXT file or a
 * JSON metadata sidecar into text with page spans, title, language and metadata, or into a
 * `{ ok: false, reason }` the importer records (encrypted, corrupt, empty, too_large, unsupported,
 * timeout). Libraries: PDFium (WebAssembly, @embedpdf/pdfium), mammoth and cheerio, in extraction
 * threads; tinyld, zod.
 */
export { extractText, PAGE_SEPARATOR } from './text-extraction';
export { parseSidecar, sidecarSchema, type Sidecar } from './metadata-sidecar';
export { detectFormat } from './format-detection';
export { recogniseInThread } from './threaded.extractor';
export type {
  ExtractionFailure,
  ExtractionFailureReason,
  ExtractionFormat,
  ExtractionInput,
  ExtractionLimits,
  ExtractionResult,
  ExtractionSuccess,
  PageSpan,
} from './extraction.types';
