import { grpcCall } from '@docket/service-kit';
import { NotFoundError } from '@docket/errors';
import type { documentsV1 } from '@docket/proto';
import type { DataProductView, EntityProfileView, SourceStatusView, SourceView } from '../domain/catalog-view';
import { toDataProductView, toEntityProfileView, toSourceStatusView, toSourceView } from './documents.mappers';

/** The BFF's view of DocumentsService's catalog side: sources, data products, their health, entities. */
export class CatalogGateway {
  constructor(private readonly client: documentsV1.DocumentsServiceClient) {}

  async sources(): Promise<SourceView[]> {
    const response = await grpcCall(this.client, 'listSources', {});
    return response.sources.map(toSourceView);
  }

  async dataProducts(): Promise<DataProductView[]> {
    const response = await grpcCall(this.client, 'listDataProducts', {});
    return response.dataProducts.map(toDataProductView);
  }

  async status(): Promise<SourceStatusView[]> {
    const response = await grpcCall(this.client, 'getCatalogStatus', {});
    return response.sources.map(toSourceStatusView).filter((s): s is SourceStatusView => s !== null);
  }

  async entity(id: string): Promise<EntityProfileView> {
    const response = await grpcCall(this.client, 'getEntity', { id });
    const { entity } = response;
    if (!entity) throw new NotFoundError(`no entity ${id}`);
    return toEntityProfileView({ ...response, entity });
  }
}
