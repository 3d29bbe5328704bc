import { createHash } from 'node:crypto';

/** 24 hex characters of a sha256: stable ids derived from natural keys, so re-ingesting finds the same row. */
function stableId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

/** The id of an entity: its kind and grouping key (aliases share it). */
export function entityIdOf(kind: string, key: string): string {
  return stableId('entity', kind, key);
}

/** The id of a docket: its source and normalised number. */
export function docketIdOf(sourceId: string, number: string): string {
  return stableId('docket', sourceId, number);
}

/** The deduplication key of a document at its source. */
export function provenanceKeyOf(sourceId: string, sourceDocumentId: string): string {
  return `${sourceId}\u0000${sourceDocumentId}`;
}
