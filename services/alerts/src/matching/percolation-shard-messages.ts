import type { AlertSource, PercolationDocument } from '../domain/alert-matcher';

/**
 * A change to a shard's alerts, in the order the main thread made it. `handle` names this version of
 * the alert in match replies (given to another only once no reply can name this one: a reply to a
 * match sent before a replacement names the version it matched).
 */
export type ShardChange = { put: AlertSource; handle: number } | { remove: string };

export type ToShard =
  | { type: 'changes'; changes: ShardChange[] }
  | { type: 'match'; id: number; documents: PercolationDocument[] }
  | { type: 'stats'; id: number };

export type FromShard =
  /** `handles` holds each document's matches in turn, `counts[i]` of them for document i. */
  | { type: 'matched'; id: number; handles: Uint32Array; counts: Uint32Array }
  | { type: 'stats'; id: number; alerts: number; unkeyed: number };

/** The fields matching reads (a caller's document may carry more, which would be cloned for nothing). */
export function shardDocument(doc: PercolationDocument): PercolationDocument {
  return {
    id: doc.id,
    title: doc.title,
    text: doc.text,
    sourceId: doc.sourceId,
    sourceName: doc.sourceName,
    ...(doc.agencies ? { agencies: doc.agencies } : {}),
    docketNumber: doc.docketNumber,
    docketId: doc.docketId,
    filingType: doc.filingType,
    filingCategory: doc.filingCategory,
    parties: doc.parties,
    ...(doc.entities ? { entities: doc.entities } : {}),
    ...(doc.filedAt ? { filedAt: doc.filedAt } : {}),
  };
}

/** The shard of an alert: a stable hash of its id (FNV-1a), so it stays in one shard across edits. */
export function shardOf(alertId: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < alertId.length; at += 1) hash = Math.imul(hash ^ alertId.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % shards;
}
