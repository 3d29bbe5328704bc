import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { Logger } from '@docket/observability';
import type { OpenedAttachment } from '../grpc/documents.gateway';
import { contentDisposition, mediaTypeOf } from './content-disposition';

/**
 * Sends an attachment with its own headers and pipes the bytes through with backpressure: the gRPC
 * stream is read only as fast as the browser takes the bytes.
 */
export async function sendAttachment(req: Request, res: Response, opened: OpenedAttachment, logger: Logger): Promise<void> {
  const { attachment, body } = opened;
  const contentType = attachment.contentType || 'application/octet-stream';
  res.set({
    'Content-Type': contentType,
    'Content-Length': String(attachment.size),
    'Content-Disposition': contentDisposition(attachment.fileName, contentType),
    ETag: `"${attachment.sha256}"`,
    // Kept by the browser but revalidated every time (the ETag makes that cheap); never by shared caches.
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  // An uploaded HTML file is untrusted: shown on our origin it must not run scripts or load anything.
  if (mediaTypeOf(contentType) === 'text/html') res.set('Content-Security-Policy', "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'");
  // Other files (PDF above all) open in the browser's own viewer, which the API's "allow nothing" CSP
  // (security-headers.ts) could block; nosniff keeps them from being read as anything else.
  else res.removeHeader('Content-Security-Policy');

  if (req.fresh || req.method === 'HEAD') {
    body.destroy();
    if (req.fresh) res.status(304);
    res.end();
    return;
  }
  try {
    await pipeline(body, res);
  } catch (error) {
    // Headers are gone already; all we can do is cut the response short (pipeline has) and say why.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return; // the browser left
    logger.warn({ err: error, attachmentId: attachment.id }, 'attachment stream broke off');
  }
}
