import type { Logger } from '@docket/observability';
import type {
  CreateSourceRequest,
  CreateSourceResponse,
  GetCatalogStatusRequest,
  GetCatalogStatusResponse,
  ListDataProductsRequest,
  ListDataProductsResponse,
  ListSourcesRequest,
  ListSourcesResponse,
} from '@docket/proto/src/documents';
import { unary } from '@docket/service-kit';
import { sourceToProto } from '../documents';
import type { DocumentHandlers } from '../documents-service.binding';
import { dataProductToProto, statusToProto } from './catalog.mapper';
import type { CatalogService } from './catalog.service';
import type { CorpusLoadProgress } from './corpus-load-progress';

/** The catalog's part of DocumentsService: sources, data products and the catalog's status. */
export function catalogHandlers(deps: {
  catalog: CatalogService;
  /** The default corpus's load in this process, reported with the catalog status. */
  corpusLoad?: CorpusLoadProgress;
  logger: Logger;
}): DocumentHandlers {
  const { catalog, logger } = deps;
  return {
    createSource: unary<CreateSourceRequest, CreateSourceResponse>(logger, async (request) => {
      const { createdBy, ...input } = request;
      return { source: sourceToProto(await catalog.createSource(input, createdBy)) };
    }),
    listSources: unary<ListSourcesRequest, ListSourcesResponse>(logger, async () => ({
      sources: (await catalog.listSources()).map(sourceToProto),
    })),
    listDataProducts: unary<ListDataProductsRequest, ListDataProductsResponse>(logger, async () => ({
      dataProducts: (await catalog.listDataProducts()).map(dataProductToProto),
    })),
    getCatalogStatus: unary<GetCatalogStatusRequest, GetCatalogStatusResponse>(logger, async () => {
      const load = deps.corpusLoad?.snapshot();
      return {
        sources: (await catalog.status()).map(statusToProto),
        ...(load
          ? {
              corpusLoad: {
                total: String(load.total),
                stored: String(load.stored),
                startedAt: load.startedAt,
                finishedAt: load.finishedAt,
              },
            }
          : {}),
      };
    }),
  };
}
