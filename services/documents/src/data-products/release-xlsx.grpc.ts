import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ServerWritableStream } from '@grpc/grpc-js';
import type { DownloadReleaseRequest, DownloadReleaseResponse } from '@docket/proto/src/documents';
import type { ColumnDef } from '../domain/data-products/product-schema';
import type { ProductRelease } from '../store/data-product-release.repository';
import { releaseToProto } from './data-product.mapper';
import { writeReleaseXlsx, type XlsxCell } from './release-xlsx.writer';

/** gRPC messages stay well under the 4 MB default. */
const CHUNK = 256 * 1024;

/**
 * DownloadRelease as XLSX: the release first, then the workbook's bytes as exceljs zips them. The
 * workbook is written while it is sent, never whole in memory or on disk: the writer waits for the
 * pipe, the pipe for the caller. A caller that leaves stops the writer and so the DuckDB read.
 */
export async function sendReleaseXlsx(
  call: ServerWritableStream<DownloadReleaseRequest, DownloadReleaseResponse>,
  rows: { release: ProductRelease; columns: ColumnDef[]; batches: AsyncIterable<XlsxCell[][]> },
): Promise<void> {
  call.write({ release: releaseToProto(rows.release) });
  const out = new PassThrough({ highWaterMark: CHUNK });
  const gone = new AbortController();
  const cancel = () => {
    gone.abort();
    out.destroy(new Error('the caller left'));
  };
  call.on('cancelled', cancel);
  const writing = writeReleaseXlsx(out, rows.columns, rows.batches, {
    title: `${rows.release.productId} ${rows.release.version}`,
  });
  writing.catch((error: unknown) => out.destroy(error as Error));
  const sending = (async () => {
    for await (const chunk of out) {
      // write() returning false means the caller is slower than the writer: wait for it.
      if (!call.write({ data: chunk as Buffer })) await once(call, 'drain', { signal: gone.signal });
    }
  })();
  try {
    await Promise.all([writing, sending]);
  } catch (error) {
    if (call.cancelled) return;
    throw error;
  } finally {
    call.off('cancelled', cancel);
    out.destroy();
  }
}
