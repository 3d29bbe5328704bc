import { createHash } from 'node:crypto';
import type { IndexedDocument } from '../../../src/domain/indexed-document';

/** An index document for tests; the content hash follows title and text. */
export function indexedDocument(
  id: string,
  title: string,
  text: string,
  overrides: Partial<IndexedDocument> = {},
): IndexedDocument {
  return {
    id,
    title,
    text,
    description: '',
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    docketNumber: 'ER24-1-000',
    docketId: 'docket-er24-1-000',
    filingType: 'Order',
    filingCategory: 'Order',
    filedAt: new Date('2024-03-01T00:00:00Z'),
    parties: [],
    filers: [],
    entities: [],
    pages: [],
    sha256: createHash('sha256').update(title).update('\n').update(text).digest('hex'),
    ...overrides,
  };
}

/** The search backend's fetch over a map the test controls. */
export class MapDocumentReader {
  readonly documents = new Map<string, IndexedDocument>();
  fetches = 0;

  put(document: IndexedDocument): IndexedDocument {
    this.documents.set(document.id, document);
    return document;
  }

  async fetch(ids: string[]): Promise<IndexedDocument[]> {
    this.fetches += 1;
    return ids.flatMap((id) => this.documents.get(id) ?? []);
  }
}
