import type { Logger } from '@docket/observability';
import type { GetEntityRequest, GetEntityResponse } from '@docket/proto/src/documents';
import { unary } from '@docket/service-kit';
import type { DocumentHandlers } from '../documents-service.binding';
import type { EntityService } from './entity.service';

/** The entities' part of DocumentsService: an entity's profile. */
export function entityHandlers(deps: { entities: EntityService; logger: Logger }): DocumentHandlers {
  const { entities, logger } = deps;
  return {
    getEntity: unary<GetEntityRequest, GetEntityResponse>(logger, async (request) => {
      const profile = await entities.profile(request.id);
      const e = profile.entity;
      return {
        entity: {
          id: e.id,
          kind: e.kind,
          name: e.name,
          aliases: e.aliases,
          mentionCount: String(e.mentionCount),
          documentCount: String(e.documentCount),
          firstSeenAt: e.firstSeenAt,
          lastSeenAt: e.lastSeenAt,
        },
        mentionsByMonth: profile.mentionsByMonth.map((m) => ({ month: m.month, mentions: String(m.mentions) })),
        documents: profile.documents,
        dockets: profile.dockets.map((d) => ({ ...d, documents: String(d.documents) })),
        cooccurring: profile.cooccurring.map((c) => ({ ...c, count: String(c.count) })),
      };
    }),
  };
}
