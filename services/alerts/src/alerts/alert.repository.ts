import { Schema, type Connection, type Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import type { AlertDefinition, AlertRecord, FollowedDocket } from '../domain/alert';
import type { AlertKindName, CadenceName } from '../domain/delivery-ports';

/**
 * The stored shape. `followKey` makes a docket follow unique per owner (a saved search's is its own
 * id); a deleted alert keeps its document for a while with `deletedAt` set and its key released, so
 * every alerts process's percolation index learns of the deletion from its refresh by updatedAt.
 */
interface AlertDoc {
  _id: string;
  ownerUserId: string;
  ownerEmail: string;
  kind: AlertKindName;
  followKey: string;
  name: string;
  query: string;
  filters: AlertDefinition['filters'];
  question: string;
  cadence: CadenceName;
  hour: number;
  weekday: number;
  timeZone: string;
  channels: AlertDefinition['channels'];
  docket?: FollowedDocket;
  paused: boolean;
  volumeNotice: string;
  emailUnsubscribed: boolean;
  hitsTotal: number;
  lastHitAt?: Date;
  createdAt: Date;
  updatedAt: Date;
  deletedAt?: Date | null;
}

const schema = new Schema<AlertDoc>(
  {
    _id: { type: String, required: true },
    ownerUserId: { type: String, required: true },
    ownerEmail: { type: String, default: '' },
    kind: { type: String, required: true },
    followKey: { type: String, required: true },
    name: { type: String, required: true },
    query: { type: String, default: '' },
    filters: {
      agencies: { type: [String], default: [] },
      filingTypes: { type: [String], default: [] },
      dockets: { type: [String], default: [] },
      parties: { type: [String], default: [] },
      filedFrom: { type: String, default: '' },
      filedTo: { type: String, default: '' },
    },
    question: { type: String, default: '' },
    cadence: { type: String, required: true },
    hour: { type: Number, default: 8 },
    weekday: { type: Number, default: 1 },
    timeZone: { type: String, default: 'UTC' },
    channels: { inApp: Boolean, email: Boolean, webhookEndpointId: { type: String, default: '' } },
    docket: {
      type: { docketId: String, docketNumber: String, title: String, sourceName: String, _id: false },
      default: undefined,
    },
    paused: { type: Boolean, default: false },
    volumeNotice: { type: String, default: '' },
    emailUnsubscribed: { type: Boolean, default: false },
    hitsTotal: { type: Number, default: 0 },
    lastHitAt: { type: Date },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
  },
  { collection: 'alerts', versionKey: false },
);
schema.index({ ownerUserId: 1, followKey: 1 }, { unique: true });
schema.index({ ownerUserId: 1, createdAt: -1 });
schema.index({ updatedAt: 1 });
schema.index({ cadence: 1, paused: 1 });

const LIVE = { deletedAt: null } as const;

/** Alerts and docket follows, owner-scoped (the alerts service's own database). */
export class AlertRepository {
  readonly model: Model<AlertDoc>;

  /** `changes`: told after every write percolation must see (AlertChangeMark.bump). */
  constructor(
    connection: Connection,
    private readonly changes?: { bump(): Promise<void> },
  ) {
    this.model = connection.model<AlertDoc>('Alert', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /** Stores a new alert (a saved search: its followKey is its id). */
  async insert(
    input: Omit<
      AlertRecord,
      'id' | 'createdAt' | 'updatedAt' | 'hitsTotal' | 'paused' | 'volumeNotice' | 'emailUnsubscribed'
    >,
    followKey?: string,
  ): Promise<AlertRecord> {
    const id = uuidv7();
    const now = new Date();
    const doc: AlertDoc = {
      _id: id,
      ownerUserId: input.ownerUserId,
      ownerEmail: input.ownerEmail,
      kind: input.kind,
      followKey: followKey ?? `alert:${id}`,
      ...flatten(input.definition),
      ...(input.docket ? { docket: input.docket } : {}),
      paused: false,
      volumeNotice: '',
      emailUnsubscribed: false,
      hitsTotal: 0,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    await this.model.create(doc);
    await this.markChanged();
    return toRecord(doc);
  }

  async findByFollowKey(ownerUserId: string, followKey: string): Promise<AlertRecord | undefined> {
    const doc = await this.model.findOne({ ownerUserId, followKey, ...LIVE }).lean<AlertDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  /** A live alert of this owner; undefined for anyone else's (which callers report as not found). */
  async findOwned(ownerUserId: string, id: string): Promise<AlertRecord | undefined> {
    const doc = await this.model.findById(id).lean<AlertDoc>();
    return doc && doc.ownerUserId === ownerUserId && !doc.deletedAt ? toRecord(doc) : undefined;
  }

  async findLive(id: string): Promise<AlertRecord | undefined> {
    const doc = await this.model.findById(id).lean<AlertDoc>();
    return doc && !doc.deletedAt ? toRecord(doc) : undefined;
  }

  async findLiveMany(ids: string[]): Promise<AlertRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.model.find({ _id: { $in: ids } }).lean<AlertDoc[]>();
    return docs.filter((doc) => !doc.deletedAt).map(toRecord);
  }

  async listOwned(ownerUserId: string, kind?: AlertKindName): Promise<AlertRecord[]> {
    const docs = await this.model
      .find({ ownerUserId, ...LIVE, ...(kind ? { kind } : {}) })
      .sort({ createdAt: -1 })
      .lean<AlertDoc[]>();
    return docs.map(toRecord);
  }

  countOwned(ownerUserId: string): Promise<number> {
    return this.model.countDocuments({ ownerUserId, ...LIVE });
  }

  async replaceDefinition(
    ownerUserId: string,
    id: string,
    definition: AlertDefinition,
    ownerEmail: string,
  ): Promise<AlertRecord | undefined> {
    // An edit that asks for e-mail again undoes an earlier unsubscribe (the form showed e-mail off).
    const resubscribe = definition.channels.email ? { emailUnsubscribed: false } : {};
    const set = {
      ...flatten(definition),
      ...resubscribe,
      ...(ownerEmail ? { ownerEmail } : {}),
      updatedAt: new Date(),
    };
    return this.updateOwned(ownerUserId, id, { $set: set });
  }

  setPaused(ownerUserId: string, id: string, paused: boolean): Promise<AlertRecord | undefined> {
    return this.updateOwned(ownerUserId, id, { $set: { paused, updatedAt: new Date() } });
  }

  /** Marks the alert deleted and releases its follow key (a docket can be followed again). */
  markDeleted(ownerUserId: string, id: string): Promise<AlertRecord | undefined> {
    const now = new Date();
    return this.updateOwned(ownerUserId, id, { $set: { deletedAt: now, updatedAt: now, followKey: `deleted:${id}` } });
  }

  /** Counts new hits; not an edit, so updatedAt (what index refreshes follow) stays. */
  async recordHits(id: string, count: number, at: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $inc: { hitsTotal: count }, $max: { lastHitAt: at } });
  }

  async setVolumeNotice(id: string, notice: string): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { volumeNotice: notice } });
  }

  async setEmailUnsubscribed(id: string, unsubscribed: boolean): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { emailUnsubscribed: unsubscribed } });
  }

  /** Every live, active alert, streamed (the percolation index's initial load). */
  async *active(): AsyncIterable<AlertRecord> {
    for await (const doc of this.model
      .find({ ...LIVE, paused: false })
      .lean<AlertDoc>()
      .cursor())
      yield toRecord(doc as AlertDoc);
  }

  /** Alerts changed after `since` (deleted and paused ones too), oldest change first. */
  async changedSince(since: Date): Promise<AlertRecord[]> {
    const docs = await this.model
      .find({ updatedAt: { $gt: since } })
      .sort({ updatedAt: 1 })
      .lean<AlertDoc[]>();
    return docs.map(toRecord);
  }

  async activeOfOwner(ownerUserId: string, cadence: CadenceName): Promise<AlertRecord[]> {
    const docs = await this.model
      .find({ ownerUserId, cadence, paused: false, ...LIVE })
      .sort({ createdAt: 1 })
      .lean<AlertDoc[]>();
    return docs.map(toRecord);
  }

  async *ownersWithCadence(cadence: CadenceName): AsyncIterable<string> {
    const groups = await this.model.aggregate<{ _id: string }>([
      { $match: { cadence, paused: false, ...LIVE } },
      { $group: { _id: '$ownerUserId' } },
      { $sort: { _id: 1 } },
    ]);
    for (const group of groups) yield group._id;
  }

  private async updateOwned(ownerUserId: string, id: string, update: object): Promise<AlertRecord | undefined> {
    const doc = await this.model
      .findOneAndUpdate({ _id: id, ownerUserId, ...LIVE }, update, { new: true })
      .lean<AlertDoc>();
    if (!doc) return undefined;
    await this.markChanged();
    return toRecord(doc);
  }

  /**
   * The write is stored whatever happens here: a mark that could not be set (Redis away) leaves other
   * alerts processes to learn of it from their next timed refresh, seconds later.
   */
  private async markChanged(): Promise<void> {
    await this.changes?.bump().catch(() => undefined);
  }
}

function flatten(definition: AlertDefinition) {
  const { schedule, ...rest } = definition;
  return { ...rest, filters: { ...definition.filters }, channels: { ...definition.channels }, ...schedule };
}

function toRecord(doc: AlertDoc): AlertRecord {
  const emptyFilters = { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' };
  return {
    id: doc._id,
    ownerUserId: doc.ownerUserId,
    ownerEmail: doc.ownerEmail ?? '',
    kind: doc.kind,
    definition: {
      name: doc.name,
      query: doc.query ?? '',
      filters: { ...emptyFilters, ...(doc.filters ?? {}) },
      question: doc.question ?? '',
      schedule: {
        cadence: doc.cadence,
        hour: doc.hour ?? 8,
        weekday: doc.weekday ?? 1,
        timeZone: doc.timeZone ?? 'UTC',
      },
      channels: {
        inApp: Boolean(doc.channels?.inApp),
        email: Boolean(doc.channels?.email),
        webhookEndpointId: doc.channels?.webhookEndpointId ?? '',
      },
    },
    ...(doc.docket
      ? {
          docket: {
            docketId: doc.docket.docketId ?? '',
            docketNumber: doc.docket.docketNumber ?? '',
            title: doc.docket.title ?? '',
            sourceName: doc.docket.sourceName ?? '',
          },
        }
      : {}),
    paused: Boolean(doc.paused),
    volumeNotice: doc.volumeNotice ?? '',
    emailUnsubscribed: Boolean(doc.emailUnsubscribed),
    hitsTotal: doc.hitsTotal ?? 0,
    ...(doc.lastHitAt ? { lastHitAt: doc.lastHitAt } : {}),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    ...(doc.deletedAt ? { deletedAt: doc.deletedAt } : {}),
  };
}
