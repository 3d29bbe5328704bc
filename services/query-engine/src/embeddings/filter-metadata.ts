import type { MatchableDocument } from '@docket/query-language';
import { matchableOf as indexedMatchableOf, type IndexedDocument } from '../domain/indexed-document';

/**
 * What a filter (agency:, type:, docket:, party:, entity:, filed:) looks at, kept with a document's
 * vectors so vector search applies the very matcher the query language defines (and the search
 * backends reproduce) without asking the search index about every candidate. Derived with the
 * index's own matchableOf, so both sides see the same agencies, parties and categories.
 */
export type FilterMetadata = Omit<MatchableDocument, 'title' | 'text' | 'filedAt'> & { filedAt?: string };

export function filterMetadataOf(document: IndexedDocument): FilterMetadata {
  const { title: _title, text: _text, filedAt, ...rest } = indexedMatchableOf(document);
  return { ...rest, ...(filedAt ? { filedAt: filedAt.toISOString() } : {}) };
}

/** The metadata as a document the query-language matcher takes (no text: filters never read it). */
export function matchableOf(metadata: FilterMetadata): MatchableDocument {
  const { filedAt, ...rest } = metadata;
  return { ...rest, title: '', text: '', ...(filedAt ? { filedAt: new Date(filedAt) } : {}) };
}
