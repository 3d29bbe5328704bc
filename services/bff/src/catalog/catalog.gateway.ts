import { NotFoundError } from '@docket/errors';
import type * as documentsV1 from '@docket/proto/src/documents';
import { grpcCall } from '@docket/service-kit';
import { toSourceView, type SourceView } from '../documents';
import type { DataProductView, EntityProfileView, NewSource, SourceStatusView } from './catalog-view';
import { toDataProductView, toEntityProfileView, toSourceStatusView } from './catalog.mapper';
import type { CorpusLoadReport } from './corpus-load-view';

/** The BFF's view of DocumentsService's catalog side: sources, data products, their health, entities. */
export class CatalogGateway {
  constructor(private readonly client: documentsV1.DocumentsServiceClient) {}

  async sources(): Promise<SourceView[]> {
    const response = await grpcCall(this.client, 'listSources', {});
    return response.sources.map(toSourceView);
  }

  async createSource(source: NewSource, createdBy: string): Promise<SourceView> {
    const request = { ...source, jurisdiction: source.jurisdiction ?? '', createdBy };
    const response = await grpcCall(this.client, 'createSource', request);
    if (!response.source) throw new Error('CreateSource returned no source');
    return toSourceView(response.source);
  }

  async dataProducts(): Promise<DataProductView[]> {
    const response = await grpcCall(this.client, 'listDataProducts', {});
    return response.dataProducts.map(toDataProductView);
  }

  /** Every source's health, and the default corpus's load when the documents service ran one. */
  async status(): Promise<{ sources: SourceStatusView[]; corpusLoad?: CorpusLoadReport }> {
    const response = await grpcCall(this.client, 'getCatalogStatus', {});
    const load = response.corpusLoad;
    return {
      sources: response.sources.map(toSourceStatusView).filter((s): s is SourceStatusView => s !== null),
      ...(load?.startedAt
        ? {
            corpusLoad: {
              total: Number(load.total),
              stored: Number(load.stored),
              startedAt: load.startedAt,
              finishedAt: load.finishedAt,
            },
          }
        : {}),
    };
  }

  async entity(id: string): Promise<EntityProfileView> {
    const response = await grpcCall(this.client, 'getEntity', { id });
    const { entity } = response;
    if (!entity) throw new NotFoundError(`no entity ${id}`);
    return toEntityProfileView({ ...response, entity });
  }
}
