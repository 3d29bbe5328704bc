import type { IndexedDocument } from '../../src/domain/indexed-document';

/** A FERC order filed on 2024-03-01, titled after its id, with `text` and whatever `extra` sets. */
export function filingDocument(id: string, text: string, extra: Partial<IndexedDocument> = {}): IndexedDocument {
  return {
    id,
    title: `Filing ${id}`,
    text,
    description: '',
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    docketNumber: 'ER24-100',
    docketId: '',
    filingType: 'order',
    filingCategory: 'Order',
    filedAt: new Date('2024-03-01T00:00:00Z'),
    parties: [],
    filers: [],
    entities: [],
    pages: [],
    sha256: `sha-${id}-${text}`,
    ...extra,
  };
}
