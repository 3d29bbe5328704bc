import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { Logger } from '@docket/observability';
import { contentDisposition } from '../http/content-disposition';
import type { DownloadFile } from './export-view';

/** Bytes [offset, offset + length) of the file; length 0 reads to the end. */
export type ByteReader = (offset: number, length: number) => Readable;

export type ByteRangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * What a Range request gets (RFC 9110 §14): one satisfiable range → 206 with it; none satisfiable →
 * 416; no Range, a malformed one, several disjoint ranges (no multipart answers), or an If-Range that
 * no longer names this file → the whole file. `req.range` is express's (range-parser): -1 is
 * unsatisfiable, -2 malformed.
 */
export function byteRangeOf(req: Request, file: Pick<DownloadFile, 'size'>, etag: string): ByteRangeAnswer {
  if (!req.headers.range || (req.method !== 'GET' && req.method !== 'HEAD')) return { kind: 'whole' };
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return { kind: 'whole' };
  const ranges = req.range(file.size, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges === undefined || ranges.type !== 'bytes' || ranges.length !== 1) return { kind: 'whole' };
  return { kind: 'partial', start: ranges[0]!.start, end: ranges[0]!.end };
}

/**
 * Sends a finished export's file: always as a download under its own name, resumable (Accept-Ranges,
 * a strong ETag from its SHA-256 for If-Range), and piped with backpressure from the service.
 */
export async function sendDownload(
  req: Request,
  res: Response,
  file: DownloadFile,
  read: ByteReader,
  logger: Logger,
): Promise<void> {
  const etag = `"${file.sha256}"`;
  const contentType = file.contentType || 'application/octet-stream';
  res.set({
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(file.fileName, contentType, 'attachment'),
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  });

  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const range = byteRangeOf(req, file, etag);
  if (range.kind === 'unsatisfiable') {
    res
      .status(416)
      .set({ 'Content-Range': `bytes */${file.size}`, 'Content-Type': 'application/json; charset=utf-8' })
      .removeHeader('Content-Disposition');
    res.json({ error: { code: 'invalid_input', message: `range not satisfiable: the file has ${file.size} bytes` } });
    return;
  }
  const [offset, length] = range.kind === 'partial' ? [range.start, range.end - range.start + 1] : [0, file.size];
  if (range.kind === 'partial') res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  res.set('Content-Length', String(length));
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  try {
    await pipeline(read(offset, length), res);
  } catch (error) {
    // Headers are gone already; all we can do is cut the response short (pipeline has) and say why.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return; // the browser left
    logger.warn({ err: error, exportId: file.exportId }, 'export download broke off');
  }
}
