import { grpcCall } from '@docket/service-kit';
import { queryEngineV1 } from '@docket/proto';
import type { SearchResultView } from '../domain/document-view';
import { isoOrNull } from './timestamps';

/** The BFF's view of the query-engine's SearchService. */
export class SearchGateway {
  constructor(private readonly client: queryEngineV1.SearchServiceClient) {}

  async search(query: string, limit: number, offset: number): Promise<SearchResultView> {
    const response = await grpcCall(this.client, 'search', queryEngineV1.SearchRequest.fromPartial({ query, limit, offset }));
    return {
      hits: response.hits.map((h) => ({
        documentId: h.documentId,
        title: h.title,
        snippet: h.snippet,
        score: h.score,
        filedAt: isoOrNull(h.filedAt),
        sourceId: h.sourceId,
        docketNumber: h.docketNumber,
        filingType: h.filingType,
      })),
      total: Number(response.total),
      tookMs: response.tookMs,
    };
  }

  async startReindex(requestedBy: string): Promise<string> {
    const response = await grpcCall(this.client, 'startReindex', { requestedBy });
    return response.processId;
  }

  async indexStats(): Promise<{ documents: number }> {
    const response = await grpcCall(this.client, 'getIndexStats', {});
    return { documents: Number(response.documents) };
  }
}
