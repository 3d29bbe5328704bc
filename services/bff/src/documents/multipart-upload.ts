import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { InputError, isAppError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { UploadResultView } from './document-view';
import type { DocumentsGateway } from './documents.gateway';

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
}

/** Thrown into a file's upload when it passes the size cap; the gRPC call is cancelled, nothing is stored. */
class FileTooLargeError extends Error {}

const MAX_FIELD_BYTES = 256 * 1024;
/** Issues the documents service reports on what the form's fields say for all files (not on one file). */
const REQUEST_WIDE_FIELDS = new Set(['sourceId', 'sidecar.sourceId']);

/**
 * Reads a multipart/form-data upload and streams each file into DocumentsService as it arrives: the
 * request body is never held in memory. The optional `sourceId` and `sidecar` fields apply to every
 * file and must come before the files, because a file is forwarded as soon as its bytes arrive.
 */
export function receiveUpload(
  req: Request,
  deps: { documents: DocumentsGateway; limits: UploadLimits; logger: Logger },
  uploadedBy: string,
): Promise<UploadResultView[]> {
  const { documents, limits, logger } = deps;
  if (!req.is('multipart/form-data')) throw new InputError('send the files as multipart/form-data');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send UTF-8 file names; busboy would read them as latin1.
      defParamCharset: 'utf8',
      // busboy flags a file that reaches fileSize, so a file of exactly the cap would count as too large.
      limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes + 1, fields: 10, fieldSize: MAX_FIELD_BYTES },
    });
  } catch (error) {
    throw new InputError(`the upload could not be read: ${(error as Error).message}`);
  }

  const fields = { sourceId: '', sidecarJson: '' };
  const uploads: Promise<UploadResultView>[] = [];
  const openFiles = new Set<Readable>();
  // The first thing wrong with the request; later files are then read and dropped, not stored.
  let problem: InputError | undefined;
  const fail = (error: InputError) => {
    problem ??= error;
  };

  const uploadOne = async (fileName: string, contentType: string, file: Readable): Promise<UploadResultView> => {
    const tooLarge = new AbortController();
    file.once('limit', () => tooLarge.abort(new FileTooLargeError()));
    try {
      const header = { fileName, contentType, sourceId: fields.sourceId, uploadedBy, sidecarJson: fields.sidecarJson };
      const { outcome, document } = await documents.upload(header, file, tooLarge.signal);
      return {
        fileName,
        outcome,
        documentId: document?.id ?? null,
        title: document?.title || null,
        reason: document?.failureReason ?? null,
      };
    } catch (error) {
      // The source applies to every file: naming an unknown one is the request's fault, answered as a 400
      // that lists the known sources, and the files after it are not sent.
      if (error instanceof InputError && error.issues.some((issue) => REQUEST_WIDE_FIELDS.has(issue.path))) fail(error);
      return { fileName, outcome: 'failed', documentId: null, title: null, reason: reasonOf(error, fileName) };
    } finally {
      openFiles.delete(file);
    }
  };

  const reasonOf = (error: unknown, fileName: string): string => {
    if (error instanceof FileTooLargeError)
      return `too_large: the file is larger than ${formatBytes(limits.maxFileBytes)}`;
    if (isAppError(error))
      return error.kind === 'unavailable' ? 'the documents service is unavailable; try again shortly' : error.message;
    logger.error({ err: error, fileName }, 'upload of a file failed unexpectedly');
    return 'internal error';
  };

  return new Promise<UploadResultView[]>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (uploads.length > 0)
        return fail(
          new InputError('sourceId and sidecar must come before the files', [
            { path: name, message: 'must come before the files' },
          ]),
        );
      if (info.valueTruncated)
        return fail(
          new InputError(`${name} is too long`, [{ path: name, message: `must be at most ${MAX_FIELD_BYTES} bytes` }]),
        );
      if (name === 'sourceId') fields.sourceId = value.trim();
      if (name === 'sidecar' && value.trim() !== '') {
        if (!isJsonObject(value))
          return fail(
            new InputError('sidecar is not a JSON object', [{ path: 'sidecar', message: 'must be a JSON object' }]),
          );
        fields.sidecarJson = value;
      }
    });
    parser.on('file', (_name, file, info) => {
      // A file input left empty still sends a part, with no file name and no bytes.
      if (problem || !info.filename) {
        file.resume();
        return;
      }
      openFiles.add(file);
      uploads.push(uploadOne(info.filename, info.mimeType, file));
    });
    parser.on('filesLimit', () => fail(new InputError(`at most ${limits.maxFiles} files per upload`)));
    parser.on('fieldsLimit', () => fail(new InputError('too many form fields')));
    parser.on('error', (error: Error) => {
      for (const file of openFiles) file.destroy(error);
      reject(new InputError(`the upload could not be read: ${error.message}`));
    });
    parser.on('close', () => {
      void Promise.all(uploads).then((results) => {
        if (problem) reject(problem);
        else if (results.length === 0)
          reject(new InputError('no files in the upload', [{ path: 'files', message: 'choose at least one file' }]));
        else resolve(results);
      });
    });
    // The browser went away mid-upload: cancel the files still streaming (their gRPC calls with them).
    req.on('close', () => {
      if (req.complete) return;
      const gone = new Error('the client closed the connection during the upload');
      for (const file of openFiles) file.destroy(gone);
      reject(gone);
    });
    req.pipe(parser);
  });
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB` : `${bytes} bytes`;
}
