import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { InputError } from '@docket/errors';
import type { ProductReleaseView } from './data-product-view';
import type { DataProductsGateway } from './data-products.gateway';

const MAX_FIELD_BYTES = 1024;

/**
 * Reads a multipart/form-data release upload (the fields `version` and `asOf`, then one `file`)
 * and streams the file into PublishRelease as it arrives: the body is never held in memory.
 */
export function receiveReleaseUpload(
  req: Request,
  deps: { dataProducts: DataProductsGateway; maxFileBytes: number },
  target: { dataProductId: string; publishedBy: string },
): Promise<{ outcome: string; release: ProductReleaseView }> {
  if (!req.is('multipart/form-data')) throw new InputError('send the file as multipart/form-data');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: deps.maxFileBytes + 1, fields: 4, fieldSize: MAX_FIELD_BYTES },
    });
  } catch (error) {
    throw new InputError(`the upload could not be read: ${(error as Error).message}`);
  }
  const fields = { version: '', asOf: '' };
  let publishing: Promise<{ outcome: string; release: ProductReleaseView }> | undefined;
  let problem: InputError | undefined;
  let open: Readable | undefined;

  return new Promise((resolve, reject) => {
    parser.on('field', (name, value) => {
      if (publishing)
        problem ??= new InputError('the fields must come before the file', [{ path: name, message: 'comes too late' }]);
      if (name === 'version') fields.version = value.trim();
      if (name === 'asOf') fields.asOf = value.trim();
    });
    parser.on('file', (_name, file, info) => {
      if (problem || publishing || !info.filename) {
        file.resume();
        return;
      }
      open = file;
      const tooLarge = new AbortController();
      file.once('limit', () =>
        tooLarge.abort(
          new InputError('the file is too large', [
            { path: 'file', message: `must be at most ${deps.maxFileBytes} bytes` },
          ]),
        ),
      );
      publishing = deps.dataProducts.publish(
        { dataProductId: target.dataProductId, fileName: info.filename, publishedBy: target.publishedBy, ...fields },
        file,
        tooLarge.signal,
      );
    });
    parser.on('error', (error: Error) => {
      open?.destroy(error);
      reject(new InputError(`the upload could not be read: ${error.message}`));
    });
    parser.on('close', () => {
      if (problem) return reject(problem);
      if (!publishing)
        return reject(
          new InputError('no file in the upload', [{ path: 'file', message: 'choose a CSV or JSON Lines file' }]),
        );
      publishing.then(resolve, reject);
    });
    req.on('close', () => {
      if (req.complete) return;
      const gone = new Error('the client closed the connection during the upload');
      open?.destroy(gone);
      reject(gone);
    });
    req.pipe(parser);
  });
}
