import type { Readable } from 'node:stream';
import { fromGrpcError } from '@docket/errors';
import type * as documentsV1 from '@docket/proto/src/documents';
import { grpcCall, streamFileToCall } from '@docket/service-kit';
import { toDataProductView } from '../catalog';
import { byteStreamOf } from '../grpc/byte-stream';
import { isoOrNull } from '../grpc/timestamps';
import type { ProductSummaryView } from './data-product-summary-view';
import type {
  CellCitationView,
  CellView,
  ChangedRowView,
  DataProductDetailView,
  ProductColumnView,
  ProductReleaseView,
  ReleaseRowsView,
  RowsRequest,
} from './data-product-view';

/** The BFF's view of DocumentsService's data products: a product, a page of a release, its changes. */
export class DataProductsGateway {
  constructor(private readonly client: documentsV1.DocumentsServiceClient) {}

  async product(dataProductId: string, signal?: AbortSignal): Promise<DataProductDetailView> {
    const response = await grpcCall(this.client, 'getDataProduct', { dataProductId }, { signal });
    return {
      dataProduct: toDataProductView(response.dataProduct!),
      key: response.key,
      columns: response.columns.map(toColumnView),
      releases: response.releases.map(toReleaseView),
    };
  }

  async rows(dataProductId: string, request: RowsRequest, signal?: AbortSignal): Promise<ReleaseRowsView> {
    const response = await grpcCall(this.client, 'readReleaseRows', { dataProductId, ...request }, { signal });
    const release = toReleaseView(response.release!);
    const cited = release.columns.filter((column) => column.type === 'citations').map((column) => column.name);
    const rows = response.rowsJson.map(parseRow).filter((row) => row !== null);
    return { release, ...splitCitations(rows, cited), total: Number(response.total) };
  }

  /**
   * A release's matching rows as CSV or XLSX: the release first, then the bytes as a stream read only as fast
   * as the caller takes them (closing it early cancels the call).
   */
  async download(
    dataProductId: string,
    request: Omit<RowsRequest, 'offset' | 'limit'> & { format: 'csv' | 'xlsx' },
  ): Promise<{ release: ProductReleaseView; body: Readable }> {
    const call = this.client.downloadRelease({ dataProductId, ...request });
    const messages: AsyncIterator<documentsV1.DownloadReleaseResponse> = call[Symbol.asyncIterator]();
    let first: IteratorResult<documentsV1.DownloadReleaseResponse>;
    try {
      first = await messages.next();
    } catch (error) {
      throw fromGrpcError(error);
    }
    if (first.done || !first.value.release) {
      call.cancel();
      throw new Error('DownloadRelease sent no release first');
    }
    const body = byteStreamOf(
      messages,
      (m) => m.data,
      () => call.cancel(),
    );
    return { release: toReleaseView(first.value.release), body };
  }

  /** Totals, coverage of the latest release and figures per release (the last 24, oldest first). */
  async summary(dataProductId: string, signal?: AbortSignal): Promise<ProductSummaryView> {
    const response = await grpcCall(this.client, 'summariseProduct', { dataProductId }, { signal });
    return {
      dataProduct: toDataProductView(response.dataProduct!),
      releaseCount: response.releaseCount,
      latestRelease: response.latestRelease ? toReleaseView(response.latestRelease) : null,
      nextExpected: response.nextExpected || null,
      coverage: response.coverage.map((column) => ({
        column: column.column,
        type: column.type,
        counts: column.counts.map((count) => ({ value: count.stated ? count.value : null, rows: Number(count.rows) })),
      })),
      releases: response.releases.map((release) => ({
        releaseId: release.releaseId,
        version: release.version,
        asOf: release.asOf,
        releasedAt: isoOrNull(release.releasedAt),
        rows: Number(release.rows),
        changes: release.compared
          ? { added: Number(release.added), removed: Number(release.removed), changed: Number(release.changed) }
          : null,
        figures: release.figures.map((figure) => ({
          column: figure.column,
          measure: figure.measure === 'median' ? ('median' as const) : ('sum' as const),
          value: figure.stated ? figure.value : null,
        })),
      })),
    };
  }

  /** Streams a release file into PublishRelease; the service checks it and answers with the release. */
  async publish(
    header: { dataProductId: string; fileName: string; version: string; asOf: string; publishedBy: string },
    file: AsyncIterable<Buffer>,
    signal: AbortSignal,
  ): Promise<{ outcome: string; release: ProductReleaseView; processId: string }> {
    const response = await streamFileToCall<documentsV1.PublishReleaseRequest, documentsV1.PublishReleaseResponse>(
      (callback) => this.client.publishRelease(callback),
      { header: { header }, data: (data) => ({ data }), end: (size, sha256) => ({ end: { size, sha256 } }) },
      file,
      signal,
    );
    return { outcome: response.outcome, release: toReleaseView(response.release!), processId: response.processId };
  }

  async changedRows(
    dataProductId: string,
    releaseId: string,
    page: { kind: string; offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<ChangedRowView[]> {
    const response = await grpcCall(this.client, 'listChangedRows', { dataProductId, releaseId, ...page }, { signal });
    return response.rows.map((row) => ({ before: parseRow(row.beforeJson), after: parseRow(row.afterJson) }));
  }
}

/** A computed product's rows keep their citations as JSON text in one column: given apart, parsed. */
function splitCitations(
  rows: Record<string, CellView>[],
  citationColumns: string[],
): { rows: Record<string, CellView>[]; citations: Record<string, CellCitationView>[] } {
  const citations = rows.map(
    (row) =>
      Object.assign(
        {},
        ...citationColumns.map((name) =>
          typeof row[name] === 'string' ? (JSON.parse(row[name]) as Record<string, CellCitationView>) : {},
        ),
      ) as Record<string, CellCitationView>,
  );
  const cells = rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([name]) => !citationColumns.includes(name))),
  );
  return { rows: cells, citations };
}

function parseRow(json: string): Record<string, CellView> | null {
  return json ? (JSON.parse(json) as Record<string, CellView>) : null;
}

function toColumnView(column: documentsV1.ProductColumn): ProductColumnView {
  return {
    name: column.name,
    type: column.type,
    description: column.description,
    unit: column.unit,
    order: column.order,
  };
}

function toReleaseView(release: documentsV1.ProductRelease): ProductReleaseView {
  const log = release.changeLog;
  return {
    id: release.id,
    sequence: release.sequence,
    version: release.version,
    releasedAt: isoOrNull(release.releasedAt),
    asOf: release.asOf,
    rows: Number(release.rows),
    key: release.key,
    columns: release.columns.map(toColumnView),
    previousReleaseId: release.previousReleaseId || null,
    changeLog: log
      ? {
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
        }
      : null,
  };
}
