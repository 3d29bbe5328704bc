import { grpcCall } from '@docket/service-kit';
import { NotFoundError } from '@docket/errors';
import type { documentsV1 } from '@docket/proto';
import type { DocumentView, NewDocument } from '../domain/document-view';
import { isoOrNull } from './timestamps';

/** The BFF's view of DocumentsService. */
export class DocumentsGateway {
  constructor(private readonly client: documentsV1.DocumentsServiceClient) {}

  async create(input: NewDocument, createdBy: string): Promise<{ document: DocumentView; created: boolean }> {
    const response = await grpcCall(this.client, 'createDocument', {
      title: input.title,
      text: input.text,
      sourceId: input.sourceId ?? '',
      docketNumber: input.docketNumber ?? '',
      filingType: input.filingType ?? '',
      filedAt: input.filedAt,
      createdBy,
    });
    if (!response.document) throw new Error('CreateDocument returned no document');
    return { document: toDocumentView(response.document), created: response.created };
  }

  async get(id: string): Promise<DocumentView> {
    const response = await grpcCall(this.client, 'getDocument', { id });
    if (!response.document) throw new NotFoundError(`no document ${id}`);
    return toDocumentView(response.document);
  }
}

function toDocumentView(d: documentsV1.Document): DocumentView {
  return {
    id: d.id,
    title: d.title,
    text: d.text,
    sourceId: d.sourceId,
    docketNumber: d.docketNumber,
    filingType: d.filingType,
    filedAt: isoOrNull(d.filedAt),
    createdAt: isoOrNull(d.createdAt),
    sha256: d.sha256,
  };
}
