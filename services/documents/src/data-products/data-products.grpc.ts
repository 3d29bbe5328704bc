import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type {
  DownloadReleaseRequest,
  DownloadReleaseResponse,
  GetDataProductRequest,
  GetDataProductResponse,
  ListChangedRowsRequest,
  ListChangedRowsResponse,
  PublishReleaseRequest,
  PublishReleaseResponse,
  ReadReleaseRowsRequest,
  ReadReleaseRowsResponse,
  SummariseReleaseChangesRequest,
  SummariseReleaseChangesResponse,
} from '@docket/proto/src/documents';
import { clientStream, serverStream, unary } from '@docket/service-kit';
import { dataProductToProto } from '../catalog';
import type { DocumentHandlers } from '../documents-service.binding';
import { receiveStreamedFile } from '../uploads/streamed-file.grpc';
import { changeLogToProto, columnToProto, releaseToProto } from './data-product.mapper';
import type { DataProductService } from './data-product.service';
import { formatOf } from './release-file.reader';
import { sendReleaseXlsx } from './release-xlsx.grpc';

const json = (row: object | null): string => (row ? JSON.stringify(row) : '');
/** gRPC messages stay well under the 4 MB default. */
const CHUNK = 256 * 1024;

/** The data products' part of DocumentsService: a product, publishing a release, its rows and changes. */
export function dataProductHandlers(deps: {
  dataProducts: DataProductService;
  maxUploadBytes: number;
  logger: Logger;
}): DocumentHandlers {
  const { dataProducts, logger } = deps;
  return {
    getDataProduct: unary<GetDataProductRequest, GetDataProductResponse>(logger, async (request) => {
      const { product, releases } = await dataProducts.get(request.dataProductId);
      return {
        dataProduct: dataProductToProto(product),
        key: product.table?.schema.key ?? [],
        columns: (product.table?.schema.columns ?? []).map(columnToProto),
        releases: releases.map(releaseToProto),
      };
    }),
    publishRelease: clientStream<PublishReleaseRequest, PublishReleaseResponse>(logger, async (call) =>
      receiveStreamedFile(
        call as AsyncIterable<PublishReleaseRequest> & { cancelled: boolean },
        {
          maxBytes: deps.maxUploadBytes,
          onHeader: (header) => {
            if (!formatOf(header.fileName))
              throw new InputError('not a release file', [
                { path: 'header.fileName', message: 'must end in .csv, .jsonl or .ndjson' },
              ]);
          },
        },
        async (header, file) => {
          const { outcome, release, processId } = await dataProducts.publish({
            productId: header.dataProductId,
            file,
            format: formatOf(header.fileName) ?? 'csv',
            version: header.version || undefined,
            asOf: header.asOf || undefined,
            publishedBy: header.publishedBy,
          });
          return { outcome, release: releaseToProto(release), processId };
        },
      ),
    ),
    readReleaseRows: unary<ReadReleaseRowsRequest, ReadReleaseRowsResponse>(logger, async (request) => {
      const page = await dataProducts.readRows(request.dataProductId, request.releaseId, {
        filters: request.filters,
        sortColumn: request.sortColumn,
        descending: request.descending,
        offset: request.offset,
        limit: request.limit,
      });
      return { release: releaseToProto(page.release), rowsJson: page.rows.map(json), total: String(page.total) };
    }),
    downloadRelease: serverStream<DownloadReleaseRequest, DownloadReleaseResponse>(logger, async (call) => {
      const { dataProductId, releaseId, format, ...query } = call.request;
      if (format === 'xlsx')
        return sendReleaseXlsx(call, await dataProducts.rowBatches(dataProductId, releaseId, query));
      if (format !== '' && format !== 'csv')
        throw new InputError('unknown download format', [{ path: 'format', message: 'must be csv or xlsx' }]);
      await dataProducts.download(dataProductId, releaseId, query, async (release, file) => {
        call.write({ release: releaseToProto(release) });
        const content = createReadStream(file, { highWaterMark: CHUNK });
        try {
          for await (const chunk of content) {
            if (call.cancelled) return;
            // write() returning false means the caller is slower than the disk: wait for it.
            if (!call.write({ data: chunk as Buffer })) await once(call, 'drain');
          }
        } finally {
          content.destroy();
        }
      });
    }),
    listChangedRows: unary<ListChangedRowsRequest, ListChangedRowsResponse>(logger, async (request) => {
      const rows = await dataProducts.changedRows(
        request.dataProductId,
        request.releaseId,
        request.kind,
        request.offset,
        request.limit,
      );
      return { rows: rows.map((row) => ({ beforeJson: json(row.before), afterJson: json(row.after) })) };
    }),
    summariseReleaseChanges: unary<SummariseReleaseChangesRequest, SummariseReleaseChangesResponse>(
      logger,
      async (request) => {
        const { release, changeLog } = await dataProducts.summariseChanges(
          request.dataProductId,
          request.releaseId,
          request.filters,
        );
        return { release: releaseToProto(release), ...(changeLog ? { changeLog: changeLogToProto(changeLog) } : {}) };
      },
    ),
  };
}
