import { credentials, type ClientReadableStream } from '@grpc/grpc-js';
import { fromGrpcError } from '@docket/errors';
import { ExportServiceClient, ExportStatus, type Export, type ReadDownloadResponse } from '@docket/proto/src/exports';
import { grpcCall } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';

/** The ExportService as the BFF calls it, with the waits and reads the tests need. */
export class ExportTestClient {
  readonly client: ExportServiceClient;

  constructor(target: string) {
    this.client = new ExportServiceClient(target, credentials.createInsecure());
  }

  close(): void {
    this.client.close();
  }

  get(userId: string, exportId: string): Promise<Export> {
    return grpcCall(this.client, 'getExport', { userId, exportId }).then((r) => r.export!);
  }

  /** Waits until the export reaches `status`; a timeout names the status and error it had instead. */
  async until(userId: string, exportId: string, status: ExportStatus, timeoutMs = 60_000): Promise<Export> {
    let latest: Export | undefined;
    return waitFor(
      async () => {
        latest = await this.get(userId, exportId);
        if (latest.status === status) return latest;
        throw new Error(
          `export is ${ExportStatus[latest.status]} (${latest.error || latest.progress?.done + ' done'})`,
        );
      },
      { timeoutMs, intervalMs: 100, description: `export ${exportId} to be ${ExportStatus[status]}` },
    );
  }

  /** The whole file (or a range) through a signed link, as the BFF reads it. */
  async download(
    userId: string,
    exportId: string,
    range: { offset: number; length: number } = { offset: 0, length: 0 },
  ): Promise<Buffer> {
    const { token } = await grpcCall(this.client, 'createDownloadLink', { userId, exportId });
    return this.read(token, userId, range);
  }

  read(
    token: string,
    userId: string,
    range: { offset: number; length: number } = { offset: 0, length: 0 },
  ): Promise<Buffer> {
    const call: ClientReadableStream<ReadDownloadResponse> = this.client.readDownload({
      token,
      userId,
      offset: String(range.offset),
      length: String(range.length),
    });
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      call.on('data', (message: ReadDownloadResponse) => chunks.push(Buffer.from(message.data)));
      call.on('end', () => resolve(Buffer.concat(chunks)));
      call.on('error', (error) => reject(fromGrpcError(error)));
    });
  }
}
