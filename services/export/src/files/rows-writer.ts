import type { Writable } from 'node:stream';
import type { ExportHit } from '../domain/export-sources';

/** Writes rows into a file format; `write` waits while the file's stream is full (backpressure). */
export interface RowsWriter {
  write(row: ExportRow): Promise<void>;
  /** Writes what is buffered and ends the output stream. */
  end(): Promise<void>;
}

export type ExportRow = Record<string, string | number>;

export const ROW_COLUMNS = [
  'document_id',
  'title',
  'filed_at',
  'agency',
  'source_id',
  'docket_number',
  'filing_category',
  'filing_type',
  'parties',
  'snippet',
  'score',
  'link',
] as const;
export const FULL_TEXT_COLUMN = 'full_text';

export function rowColumns(includeFullText: boolean): string[] {
  return includeFullText ? [...ROW_COLUMNS, FULL_TEXT_COLUMN] : [...ROW_COLUMNS];
}

/** A hit as a row: the snippet without its <mark> tags and entities, a link to the document's page. */
export function rowOf(hit: ExportHit, documentLink: (documentId: string) => string, fullText?: string): ExportRow {
  const row: ExportRow = {
    document_id: hit.documentId,
    title: hit.title,
    filed_at: hit.filedAt ? hit.filedAt.toISOString().slice(0, 10) : '',
    agency: hit.sourceName,
    source_id: hit.sourceId,
    docket_number: hit.docketNumber,
    filing_category: hit.filingCategory,
    filing_type: hit.filingType,
    parties: hit.parties.join('; '),
    snippet: plainText(hit.snippet),
    score: Math.round(hit.score * 1000) / 1000,
    link: documentLink(hit.documentId),
  };
  if (fullText !== undefined) row[FULL_TEXT_COLUMN] = fullText;
  return row;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};

/** The search's HTML-safe snippet back to text. */
export function plainText(html: string): string {
  return html.replace(/<\/?mark>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Writes a chunk, waiting for 'drain' when the stream's buffer is full. */
export async function writeOrWait(stream: Writable, chunk: unknown): Promise<void> {
  if (!stream.write(chunk)) await waitDrain(stream);
}

export function waitDrain(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(stream.errored ?? new Error('the output stream was closed'));
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(stream.errored ?? new Error('the output stream was closed'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}
