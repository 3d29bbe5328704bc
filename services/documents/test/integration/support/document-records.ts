import type { NewDocumentRecord } from '../../../src/store/document.repository';

/**
 * A small filing as the ingestion pipeline would build it, for tests that write through the
 * repository: `n` makes its content hash and source id unique within `scope` (a test's database).
 */
export function documentRecord(scope: string, n: number, fields: Partial<NewDocumentRecord> = {}): NewDocumentRecord {
  const now = new Date('2026-03-01T00:00:00Z');
  return {
    title: `Filing ${n}`,
    text: `Text of filing ${n}.`,
    pages: [],
    sourceId: 'test-src',
    docketId: '',
    docketNumber: '',
    filingType: 'Comment',
    filingCategory: 'Other',
    filedAt: now,
    filers: [],
    description: '',
    language: 'en',
    sha256: `sha-${scope}-${n}`,
    createdBy: '',
    createdAt: now,
    updatedAt: now,
    attachments: [],
    provenance: { connector: 'test', sourceDocumentId: `d-${n}`, sourceUrl: '', runId: '', createdByRunId: '' },
    provenanceKey: `${scope}|${n}`,
    entities: [],
    mentions: [],
    values: [],
    ...fields,
  };
}
