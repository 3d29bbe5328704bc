import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { ChannelCredentials } from '@grpc/grpc-js';
import {
  DocumentsServiceClient,
  type PublishReleaseRequest,
  type PublishReleaseResponse,
} from '@docket/proto/src/documents';
import { GRPC_CLIENT_OPTIONS, grpcCall, streamFileToCall } from '@docket/service-kit';

/** What the documents service holds of a product's releases. */
export interface PublishedRelease {
  sequence: number;
  asOf: string;
}

/** The documents service's data products, as the computed products' job uses them. */
export class DataProductReleasesClient {
  private readonly client: DocumentsServiceClient;

  constructor(target: string, credentials: ChannelCredentials) {
    this.client = new DocumentsServiceClient(target, credentials, GRPC_CLIENT_OPTIONS);
  }

  /** The product's releases, newest first. */
  async releases(productId: string): Promise<PublishedRelease[]> {
    const response = await grpcCall(
      this.client,
      'getDataProduct',
      { dataProductId: productId },
      { deadlineMs: 30_000 },
    );
    return response.releases.map((release) => ({ sequence: release.sequence, asOf: release.asOf }));
  }

  /** Publishes a JSON Lines file as the product's next release; the same content twice is one release. */
  async publish(
    productId: string,
    file: string,
    release: { version: string; asOf: string },
  ): Promise<{ outcome: string; releaseId: string }> {
    const header = {
      dataProductId: productId,
      fileName: path.basename(file),
      version: release.version,
      asOf: release.asOf,
      publishedBy: 'query-engine',
    };
    const response = await streamFileToCall<PublishReleaseRequest, PublishReleaseResponse>(
      (callback) => this.client.publishRelease(callback),
      { header: { header }, data: (data) => ({ data }), end: (size, sha256) => ({ end: { size, sha256 } }) },
      createReadStream(file),
      new AbortController().signal,
    );
    return { outcome: response.outcome, releaseId: response.release?.id ?? '' };
  }

  /** Whether the documents service has stored all of the default corpus it is loading (or loads none). */
  async corpusLoaded(): Promise<boolean> {
    const response = await grpcCall(this.client, 'getCatalogStatus', {}, { deadlineMs: 30_000 });
    return !response.corpusLoad || response.corpusLoad.finishedAt !== undefined;
  }

  close(): void {
    this.client.close();
  }
}
