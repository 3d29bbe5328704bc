import { Schema, type Connection, type Model } from 'mongoose';
import type { Entity } from '../domain/entity.types';
import { decodeKey, encodeKey } from './field-keys';

type EntityRecord = Omit<Entity, 'id'> & { _id: string };

const schema = new Schema<EntityRecord>(
  {
    _id: String,
    kind: String,
    key: String,
    name: String,
    aliases: [String],
    mentionCount: Number,
    documentCount: Number,
    firstSeenAt: Date,
    lastSeenAt: Date,
    months: { type: Schema.Types.Mixed, default: {} },
    dockets: { type: Schema.Types.Mixed, default: {} },
    recentDocuments: [String],
  },
  { collection: 'entities', versionKey: false, minimize: false },
);

export const RECENT_DOCUMENTS_KEPT = 50;

/** What a batch of documents adds to one entity. */
export interface EntityIncrement {
  id: string;
  kind: string;
  key: string;
  name: string;
  aliases: Set<string>;
  mentions: number;
  documents: number;
  firstSeenAt?: Date;
  lastSeenAt?: Date;
  months: Map<string, number>;
  dockets: Map<string, number>;
  documentIds: string[];
}

/** Entity profiles, kept as running counters so a profile is one read however many mentions it has. */
export class EntityRepository {
  readonly model: Model<EntityRecord>;

  constructor(connection: Connection) {
    this.model = connection.model<EntityRecord>('Entity', schema);
  }

  async applyIncrements(increments: EntityIncrement[]): Promise<void> {
    if (increments.length === 0) return;
    // The driver directly: the ops are built here with the stored types, and mongoose's casting of a
    // batch's hundreds of updates was most of the counters' CPU in the documents service.
    await this.model.collection.bulkWrite(
      increments.map((inc) => {
        const $inc: Record<string, number> = { mentionCount: inc.mentions, documentCount: inc.documents };
        for (const [month, n] of inc.months) $inc[`months.${month}`] = n;
        for (const [docketId, n] of inc.dockets) $inc[`dockets.${encodeKey(docketId)}`] = n;
        return {
          updateOne: {
            filter: { _id: inc.id },
            update: {
              // An empty map is stored as {} on insert, as mongoose's defaults did.
              $setOnInsert: {
                kind: inc.kind,
                key: inc.key,
                name: inc.name,
                ...(inc.months.size === 0 ? { months: {} } : {}),
                ...(inc.dockets.size === 0 ? { dockets: {} } : {}),
              },
              $inc,
              $addToSet: { aliases: { $each: [...inc.aliases].slice(0, 20) } },
              $push: {
                recentDocuments: {
                  $each: inc.documentIds.slice(-RECENT_DOCUMENTS_KEPT),
                  $slice: -RECENT_DOCUMENTS_KEPT,
                },
              },
              ...(inc.firstSeenAt ? { $min: { firstSeenAt: inc.firstSeenAt } } : {}),
              ...(inc.lastSeenAt ? { $max: { lastSeenAt: inc.lastSeenAt } } : {}),
            },
            upsert: true,
          },
        };
      }) as never,
      { ordered: false },
    );
  }

  async find(id: string): Promise<Entity | undefined> {
    const record = await this.model.findById(id).lean<EntityRecord>();
    if (!record) return undefined;
    const { _id, ...rest } = record;
    return {
      ...rest,
      id: _id,
      aliases: (rest.aliases ?? []).filter((alias) => alias !== rest.name),
      months: rest.months ?? {},
      dockets: Object.fromEntries(Object.entries(rest.dockets ?? {}).map(([key, n]) => [decodeKey(key), n])),
      recentDocuments: rest.recentDocuments ?? [],
    };
  }
}
