import { NotFoundError } from '@docket/errors';
import type { Entity } from '../domain/entity.types';
import type { DocketRepository } from '../store/docket.repository';
import type { DocumentRepository } from '../store/document.repository';
import type { EntityRepository } from '../store/entity.repository';

export interface EntityProfile {
  entity: Entity;
  mentionsByMonth: Array<{ month: string; mentions: number }>;
  documents: Array<{
    documentId: string;
    title: string;
    filedAt?: Date;
    docketNumber: string;
    sourceId: string;
    excerpt: string;
  }>;
  dockets: Array<{ docketId: string; number: string; title: string; documents: number }>;
  cooccurring: Array<{ id: string; kind: string; name: string; count: number }>;
}

const EXCERPT_RADIUS = 120;
const TOP_DOCKETS = 20;
const TOP_COOCCURRING = 20;

/** An entity's profile: counters kept at ingestion, plus what its latest documents say around it. */
export class EntityService {
  constructor(
    private readonly deps: { entities: EntityRepository; documents: DocumentRepository; dockets: DocketRepository },
  ) {}

  async profile(id: string): Promise<EntityProfile> {
    const entity = await this.deps.entities.find(id);
    if (!entity) throw new NotFoundError(`entity ${id} not found`);

    const recent = await this.deps.documents.findManyWithText(entity.recentDocuments);
    recent.sort((a, b) => (b.filedAt?.getTime() ?? 0) - (a.filedAt?.getTime() ?? 0));

    // Co-occurrence over the latest documents: which other entities appear beside this one.
    const together = new Map<string, number>();
    for (const document of recent) {
      for (const other of document.entities) {
        if (other.id !== id && other.kind !== 'place') together.set(other.id, (together.get(other.id) ?? 0) + 1);
      }
    }
    const topIds = [...together].sort((a, b) => b[1] - a[1]).slice(0, TOP_COOCCURRING);
    const names = new Map(
      recent.flatMap((d) => d.entities.map((e) => [e.id, { kind: e.kind, name: e.name }] as const)),
    );

    const docketIds = Object.entries(entity.dockets)
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_DOCKETS);
    const dockets = new Map(
      (await this.deps.dockets.findMany(docketIds.map(([docketId]) => docketId))).map((d) => [d.id, d]),
    );

    return {
      entity,
      mentionsByMonth: Object.entries(entity.months)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, mentions]) => ({ month, mentions })),
      documents: recent.map((document) => {
        const mention = document.mentions.find((m) => m.entityId === id);
        const start = Math.max(0, (mention?.start ?? 0) - EXCERPT_RADIUS);
        const end = Math.min(document.text.length, (mention?.end ?? 0) + EXCERPT_RADIUS);
        return {
          documentId: document.id,
          title: document.title,
          filedAt: document.filedAt,
          docketNumber: document.docketNumber,
          sourceId: document.sourceId,
          excerpt:
            (start > 0 ? '…' : '') +
            document.text.slice(start, end).replace(/\s+/g, ' ').trim() +
            (end < document.text.length ? '…' : ''),
        };
      }),
      dockets: docketIds.map(([docketId, documents]) => ({
        docketId,
        number: dockets.get(docketId)?.number ?? '',
        title: dockets.get(docketId)?.title ?? '',
        documents,
      })),
      cooccurring: topIds.map(([otherId, count]) => ({
        id: otherId,
        kind: names.get(otherId)?.kind ?? '',
        name: names.get(otherId)?.name ?? '',
        count,
      })),
    };
  }
}
