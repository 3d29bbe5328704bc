import { createHash } from 'node:crypto';
import { foldedWords, nameKey, normalizeDocketNumber } from '@docket/query-language';
import {
  partyNamesOf,
  type IndexedDocument,
  type IndexedEntity,
  type IndexedPage,
} from '../../../domain/indexed-document';
import { stripHighlightMarkers } from './opensearch-hit';

/** Between a party's key and its name in `party_labels`. */
export const LABEL_SEPARATOR = '\u001f';

/** Sort keys of an undated document: after every real date, newest first and oldest first (as in the SQLite index). */
export const UNDATED_NEWEST = -9e15;
export const UNDATED_OLDEST = 9e15;

/** What one document is in the OpenSearch index (see opensearch-index-settings for each field's job). */
export interface OpenSearchSource {
  doc_id: string;
  title: string;
  text: string;
  description: string;
  /** Present only when the wording held the highlight marker characters, which the fields above replace by spaces. */
  title_original?: string;
  text_original?: string;
  description_original?: string;
  words_title: string;
  words_text: string;
  words_description: string;
  party_words: string[];
  entity_words: string[];
  party_keys: string[];
  party_labels: string[];
  agency_keys: string[];
  type_keys: string[];
  docket_key: string;
  type_facet: string;
  source_id: string;
  source_name: string;
  docket_number: string;
  docket_id: string;
  filing_type: string;
  filing_category: string;
  parties: string[];
  filers: string[];
  entities: IndexedEntity[];
  pages: IndexedPage[];
  filed_at: number | null;
  filed_year: number | null;
  sort_newest: number;
  sort_oldest: number;
  sha256: string;
  fingerprint: string;
  tombstone?: boolean;
}

export function toOpenSearchSource(document: IndexedDocument): OpenSearchSource {
  const filedAt = filedAtMs(document);
  const title = stripHighlightMarkers(document.title);
  const text = stripHighlightMarkers(document.text);
  const description = stripHighlightMarkers(document.description);
  const partyNames = partyNamesOf(document);
  const entityNames = document.entities.map((entity) => entity.name).filter((name) => nameKey(name) !== '');
  return {
    doc_id: document.id,
    title,
    text,
    description,
    ...(title !== document.title ? { title_original: document.title } : {}),
    ...(text !== document.text ? { text_original: document.text } : {}),
    ...(description !== document.description ? { description_original: document.description } : {}),
    words_title: foldedWords(document.title).join(' '),
    words_text: foldedWords(document.text).join(' '),
    words_description: foldedWords(document.description).join(' '),
    party_words: partyNames.map((name) => foldedWords(name).join(' ')),
    entity_words: entityNames.map((name) => foldedWords(name).join(' ')),
    party_keys: partyNames.map(nameKey),
    party_labels: partyNames.map((name) => `${nameKey(name)}${LABEL_SEPARATOR}${name}`),
    agency_keys: distinctKeys([nameKey(document.sourceId), nameKey(document.sourceName)]),
    type_keys: distinctKeys([nameKey(document.filingType), nameKey(document.filingCategory)]),
    docket_key: normalizeDocketNumber(document.docketNumber),
    type_facet: (document.filingCategory || document.filingType).trim(),
    source_id: document.sourceId,
    source_name: document.sourceName,
    docket_number: document.docketNumber,
    docket_id: document.docketId,
    filing_type: document.filingType,
    filing_category: document.filingCategory,
    parties: document.parties,
    filers: document.filers,
    entities: document.entities,
    pages: document.pages,
    filed_at: filedAt,
    filed_year: filedAt === null ? null : new Date(filedAt).getUTCFullYear(),
    sort_newest: filedAt ?? UNDATED_NEWEST,
    sort_oldest: filedAt ?? UNDATED_OLDEST,
    sha256: document.sha256,
    fingerprint: fingerprintOf(document, filedAt),
  };
}

/** A stored source (and the text, a stored field outside _source) back as the document it was made from (fetch()). */
export function fromOpenSearchSource(source: OpenSearchSource, storedText: string): IndexedDocument {
  return {
    id: source.doc_id,
    title: source.title_original ?? source.title,
    text: source.text_original ?? storedText,
    description: source.description_original ?? source.description,
    sourceId: source.source_id,
    sourceName: source.source_name,
    docketNumber: source.docket_number,
    docketId: source.docket_id,
    filingType: source.filing_type,
    filingCategory: source.filing_category,
    filedAt: source.filed_at === null ? undefined : new Date(source.filed_at),
    parties: source.parties,
    filers: source.filers,
    entities: source.entities,
    pages: source.pages,
    sha256: source.sha256,
  };
}

/** A removal seen during a rebuild, kept in the build index so an older copy read from the source cannot land there. */
export function tombstoneSource(documentId: string): Partial<OpenSearchSource> {
  return { doc_id: documentId, tombstone: true, fingerprint: '' };
}

/**
 * Everything the index holds for a document, hashed: an upsert with the same fingerprint changes
 * nothing ('unchanged'). The text enters through the documents service's content hash.
 */
function fingerprintOf(document: IndexedDocument, filedAt: number | null): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        document.sha256,
        document.title,
        document.description,
        document.sourceId,
        document.sourceName,
        document.docketNumber,
        document.docketId,
        document.filingType,
        document.filingCategory,
        filedAt,
        document.parties,
        document.filers,
        document.entities,
        document.pages,
      ]),
    )
    .digest('base64url');
}

function filedAtMs(document: IndexedDocument): number | null {
  const time = document.filedAt?.getTime();
  return time === undefined || Number.isNaN(time) ? null : time;
}

function distinctKeys(keys: string[]): string[] {
  return [...new Set(keys.filter((key) => key !== ''))];
}
