import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { Logger } from '@docket/observability';
import { contentDisposition } from '../http/content-disposition';
import type { OpenedAttachment } from './documents.gateway';

export const ATTACHMENT_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/**
 * Sends an attachment with its own headers and pipes the bytes through with backpressure: the gRPC
 * stream is read only as fast as the browser takes the bytes.
 */
export async function sendAttachment(
  req: Request,
  res: Response,
  opened: OpenedAttachment,
  logger: Logger,
): Promise<void> {
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
  // Every file is untrusted (HTML, an SVG with a script): shown on our origin it runs nothing and
  // loads nothing. Browsers' PDF viewers still open PDFs under this policy.
  res.set('Content-Security-Policy', ATTACHMENT_CSP);

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
