import type { Logger } from '@docket/observability';
import type {
  GetDocketRequest,
  GetDocketResponse,
  ListDocketEntriesRequest,
  ListDocketEntriesResponse,
} from '@docket/proto/src/documents';
import { unary } from '@docket/service-kit';
import { docketToProto, sourceToProto, type DocumentService } from '../documents';
import type { DocumentHandlers } from '../documents-service.binding';
import type { DocketEntryService } from './docket-entries.service';

/** The dockets' part of DocumentsService: a docket with its source, and its entries in court order. */
export function docketHandlers(deps: {
  documents: DocumentService;
  docketEntries: DocketEntryService;
  logger: Logger;
}): DocumentHandlers {
  const { documents, logger } = deps;
  return {
    getDocket: unary<GetDocketRequest, GetDocketResponse>(logger, async (request) => {
      const { docket, source } = await documents.docket(request.docketId);
      return { docket: docketToProto(docket), source: source ? sourceToProto(source) : undefined };
    }),
    listDocketEntries: unary<ListDocketEntriesRequest, ListDocketEntriesResponse>(logger, async (request) => {
      const page = await deps.docketEntries.list(request.docketId, request.pageSize, request.pageToken);
      return { entries: page.entries, nextPageToken: page.nextPageToken, totalSize: String(page.totalSize) };
    }),
  };
}
