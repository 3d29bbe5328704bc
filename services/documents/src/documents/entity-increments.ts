import type { Document } from '../domain/document.types';
import { PROFILE_KINDS } from '../domain/text-analysis';
import { monthKey } from '../domain/time-buckets';
import type { EntityIncrement } from '../store/entity.repository';

/**
 * Adds what one document brings to its entities' profiles (mentions, documents, months, dockets,
 * first and last seen) to `into`, merged per entity so that a batch writes each entity once.
 */
export function addEntityIncrements(
  into: Map<string, EntityIncrement>,
  document: Pick<Document, 'id' | 'entities' | 'docketId'>,
  filedAt: Date,
): void {
  for (const entity of document.entities) {
    if (!PROFILE_KINDS.has(entity.kind)) continue;
    const inc = into.get(entity.id) ?? {
      id: entity.id,
      kind: entity.kind,
      key: entity.key,
      name: entity.name,
      aliases: new Set<string>(),
      mentions: 0,
      documents: 0,
      months: new Map<string, number>(),
      dockets: new Map<string, number>(),
      documentIds: [],
    };
    inc.mentions += entity.count;
    inc.documents += 1;
    for (const alias of entity.aliases) inc.aliases.add(alias);
    const month = monthKey(filedAt);
    inc.months.set(month, (inc.months.get(month) ?? 0) + entity.count);
    if (document.docketId) inc.dockets.set(document.docketId, (inc.dockets.get(document.docketId) ?? 0) + 1);
    if (!inc.firstSeenAt || filedAt < inc.firstSeenAt) inc.firstSeenAt = filedAt;
    if (!inc.lastSeenAt || filedAt > inc.lastSeenAt) inc.lastSeenAt = filedAt;
    inc.documentIds.push(document.id);
    into.set(entity.id, inc);
  }
}
