import type { ExtractionFailureReason, PageSpan } from '../domain/document.types';

export type { ExtractionFailureReason, PageSpan };

/** Formats the extractor understands; `json` is a metadata sidecar, not a document body. */
export type ExtractionFormat = 'pdf' | 'docx' | 'html' | 'txt' | 'json';

export interface ExtractionLimits {
  /** Largest input file accepted, in bytes; checked before anything is parsed (and, for a path, before it is read). */
  maxBytes: number;
  /** Largest page count accepted (PDF). */
  maxPages: number;
  /** Wall-clock budget for parsing one file. */
  timeoutMs: number;
}

export type ExtractionInput =
  { fileName: string; contentType?: string; bytes: Buffer } | { fileName: string; contentType?: string; path: string };

export interface ExtractionSuccess {
  ok: true;
  format: ExtractionFormat;
  text: string;
  pages: PageSpan[];
  pageCount: number;
  language?: string;
  title?: string;
  metadata: Record<string, string>;
}

export interface ExtractionFailure {
  ok: false;
  /** The detected format, or `unknown` when the file was rejected before detection or is of no known format. */
  format: ExtractionFormat | 'unknown';
  reason: ExtractionFailureReason;
  message: string;
}

export type ExtractionResult = ExtractionSuccess | ExtractionFailure;

/** What a format extractor returns; the orchestrator adds format, language and the empty-text check. */
export interface ExtractedContent {
  /** Text of each page, in order (one entry for formats without pages). */
  pageTexts: string[];
  title?: string;
  metadata: Record<string, string>;
  /** A language declared by the file itself (HTML lang, PDF /Lang), used when detection is unsure. */
  declaredLanguage?: string;
}

export interface ExtractorContext {
  limits: ExtractionLimits;
  /** Aborted when the timeout fires; extractors stop work and release resources. */
  signal: AbortSignal;
}

/** Thrown inside extractors for a file that cannot be used; turned into an ExtractionFailure by extractText. */
export class ExtractionError extends Error {
  constructor(
    readonly reason: ExtractionFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}
