import type { ChannelCredentials } from '@grpc/grpc-js';
import { NotFoundError } from '@docket/errors';
import { DocumentsServiceClient, type ChangeLog } from '@docket/proto/src/documents';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import type { SubscriptionRowFilter } from '../domain/data-subscription';
import type { ProductFacts, ReleaseChangeLog, ReleaseChangesSource } from '../domain/release-notice';

/** A filtered compare of two large releases takes about a second; leave room for a busy service. */
const DEADLINE_MS = 30_000;

/** Data products and their releases' changes from the documents service (GetDataProduct, SummariseReleaseChanges). */
export class DocumentsReleasesClient implements ReleaseChangesSource {
  private readonly client: DocumentsServiceClient;

  constructor(target: string, credentials: ChannelCredentials) {
    this.client = new DocumentsServiceClient(target, credentials, GRPC_CLIENT_OPTIONS);
  }

  async product(dataProductId: string): Promise<ProductFacts | null> {
    try {
      const response = await grpcCall(this.client, 'getDataProduct', { dataProductId }, { deadlineMs: DEADLINE_MS });
      return {
        id: response.dataProduct?.id ?? dataProductId,
        name: response.dataProduct?.name ?? '',
        columns: response.columns.map((c) => c.name),
        releases: response.releases.map((r) => ({
          id: r.id,
          version: r.version,
          changeLog: r.changeLog ? changeLogOf(r.changeLog) : null,
        })),
      };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  async changes(
    dataProductId: string,
    releaseId: string,
    filters: readonly SubscriptionRowFilter[],
  ): Promise<{ version: string; changeLog: ReleaseChangeLog | null }> {
    const response = await grpcCall(
      this.client,
      'summariseReleaseChanges',
      { dataProductId, releaseId, filters: filters.map((f) => ({ ...f, values: [...f.values] })) },
      { deadlineMs: DEADLINE_MS },
    );
    return {
      version: response.release?.version ?? '',
      changeLog: response.changeLog ? changeLogOf(response.changeLog) : null,
    };
  }

  close(): void {
    this.client.close();
  }
}

function changeLogOf(log: ChangeLog): ReleaseChangeLog {
  return {
    added: Number(log.added),
    removed: Number(log.removed),
    changed: Number(log.changed),
    columns: log.columns.map((c) => ({
      column: c.column,
      changed: Number(c.changed),
      filled: Number(c.filled),
      cleared: Number(c.cleared),
      up: Number(c.up),
      down: Number(c.down),
      later: Number(c.later),
      earlier: Number(c.earlier),
      forward: Number(c.forward),
      back: Number(c.back),
    })),
    columnsAdded: log.columnsAdded,
    columnsRemoved: log.columnsRemoved,
    summary: log.summary,
  };
}
