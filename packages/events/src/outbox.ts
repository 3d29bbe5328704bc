import { Schema, type Model } from 'mongoose';
import type { Logger } from '@docket/observability';
import type { EventPublisher } from './publisher';
import type { TopicDef } from './topics';
import { traceHeaders } from './trace-headers';

/** An encoded event waiting in its aggregate document until the relay has published it. */
export interface PendingEvent {
  eventId: string;
  topic: string;
  key: string;
  payload: Buffer;
  /** Trace context of the write that created the event, so the consumers join that trace. */
  traceparent?: string;
}

/** Builds the outbox entry to store in the same single-document write as the change itself. */
export function pendingEvent<T>(def: TopicDef<T>, message: T): PendingEvent {
  const { traceparent } = traceHeaders();
  return {
    eventId: def.eventIdOf(message),
    topic: def.name,
    key: def.keyOf(message),
    payload: Buffer.from(def.encode(message)),
    ...(traceparent ? { traceparent } : {}),
  };
}

/** Schema for an aggregate's `pendingEvents: [pendingEventSchema]` field. */
export const pendingEventSchema = new Schema<PendingEvent>(
  {
    eventId: { type: String, required: true },
    topic: { type: String, required: true },
    key: { type: String, required: true },
    payload: { type: Buffer, required: true },
    traceparent: { type: String },
  },
  { _id: false },
);

/** The filter of documents with events waiting; matches the partial index added by addOutbox. */
const HAS_PENDING = { 'pendingEvents.eventId': { $exists: true } } as const;

/**
 * Gives an aggregate's schema its outbox: the `pendingEvents` array and a partial index over only
 * the documents that have some, so the relay's poll stays cheap however large the collection is.
 */
export function addOutbox(schema: Schema): void {
  schema.add({ pendingEvents: { type: [pendingEventSchema], default: [] } });
  schema.index({ 'pendingEvents.eventId': 1 }, { name: 'outbox_pending', partialFilterExpression: HAS_PENDING });
}

interface OutboxDoc {
  _id: unknown;
  pendingEvents?: Array<Omit<PendingEvent, 'payload'> & { payload: unknown }>;
  /**
   * Handed over by kickWritten (not read back): its published events are removed by settleWritten when there is one.
   */
  written?: boolean;
}

/** Events the relay has published, by aggregate: what is to be pulled from its outbox. */
export interface PublishedEvents {
  id: unknown;
  eventIds: string[];
}

/**
 * Transactional outbox without multi-document transactions: aggregates carry `pendingEvents`,
 * written atomically with the change; this relay publishes them in order and then `$pull`s exactly
 * the ones it published. Several relays may run at once: a message published twice is harmless
 * because consumers deduplicate on event_id.
 */
export class OutboxRelay {
  private readonly model: Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  private readonly publisher: EventPublisher;
  private readonly logger: Logger;
  private readonly intervalMs: number;
  private readonly retryMs: number;
  private readonly batchSize: number;
  private readonly settleWritten: ((published: PublishedEvents[]) => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dueAt = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private polling = false;
  private closed = false;
  private targeted: Promise<void> = Promise.resolve();
  /** Ids kicked while a targeted publish was under way: the next one takes them all together. */
  private kickedIds: unknown[] = [];
  /** Aggregates just written with their events in hand (kickWritten), waiting like kickedIds. */
  private kickedWritten: OutboxDoc[] = [];

  /**
   * intervalMs: how often a full pass sweeps the collection for events nobody kicked (a crash between
   * a write and its publish); retryMs: how soon a pass follows a publish that failed (default the
   * smaller of intervalMs and 1 s), so a long interval never holds up events a broker hiccup left behind.
   *
   * settleWritten: removes the published events of aggregates handed to kickWritten, instead of the
   * relay's own $pull, for an owner that writes each new aggregate again soon anyway and can fold the
   * pull into that write (one rewrite of the aggregate rather than two). It must see that they are
   * pulled in the end; until then a full pass publishes them again, which consumers absorb (they
   * deduplicate on event_id). A rejection counts as a failed pull (a pass follows within retryMs).
   */
  constructor(options: {
    model: Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    publisher: EventPublisher;
    logger: Logger;
    intervalMs?: number;
    retryMs?: number;
    batchSize?: number;
    settleWritten?: (published: PublishedEvents[]) => Promise<void>;
  }) {
    this.model = options.model;
    this.publisher = options.publisher;
    this.logger = options.logger.child({ component: 'outbox-relay', collection: options.model.collection.name });
    this.intervalMs = options.intervalMs ?? 1000;
    this.retryMs = options.retryMs ?? Math.min(this.intervalMs, 1000);
    this.batchSize = options.batchSize ?? 100;
    this.settleWritten = options.settleWritten;
  }

  start(): void {
    if (this.polling) return;
    this.polling = true;
    this.closed = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.polling = false;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * Publishes now (call right after a write). Resolves after a full pass that began after this
   * call; never rejects: on failure the poller tries again.
   */
  async kick(ids?: unknown[]): Promise<void> {
    if (ids && ids.length > 0) return this.publishOnly(ids);
    await this.pass().catch(() => this.passSoon());
  }

  /**
   * Publishes just these aggregates' events (the write that was just made), one call after another
   * so an aggregate's events keep their order. Cheaper than a pass on stores without partial indexes
   * (the MongoDB stand-in scans for them); anything that fails here waits for the next full pass.
   */
  private publishOnly(ids: unknown[]): Promise<void> {
    this.kickedIds.push(...ids);
    return this.publishKicked();
  }

  /**
   * Publishes the events of aggregates the caller has just created, as it wrote them (all of their
   * pending events), without reading them back: for new documents whose events carry their whole
   * text, the read was a second copy of every document through MongoDB. Resolves like kick(ids).
   */
  kickWritten(written: Array<{ id: unknown; events: PendingEvent[] }>): Promise<void> {
    this.kickedWritten.push(
      ...written.filter((w) => w.events.length > 0).map((w) => ({ _id: w.id, pendingEvents: w.events, written: true })),
    );
    return this.publishKicked();
  }

  private publishKicked(): Promise<void> {
    this.targeted = this.targeted.then(async () => {
      // Kicks that came while the previous publish ran go out together: one read, one send, one write.
      const batch = this.kickedIds.splice(0);
      const written = this.kickedWritten.splice(0);
      if (batch.length === 0 && written.length === 0) return;
      try {
        // By _id alone: the MongoDB stand-in uses an index only when the filter names nothing else.
        const read =
          batch.length === 0
            ? []
            : ((await this.model
                .find({ _id: { $in: batch } }, { pendingEvents: 1 })
                .sort({ _id: 1 })
                .lean()) as unknown as OutboxDoc[]);
        if (!(await this.publishDocuments([...written, ...read.filter((doc) => doc.pendingEvents?.length)])))
          this.passSoon();
      } catch (error) {
        this.logger.warn({ err: error }, 'outbox publish failed; a pass retries it soon');
        this.passSoon();
      }
    });
    return this.targeted;
  }

  /**
   * Several documents' events in one send and one write; if the send fails, each document on its own.
   * True when all went out.
   */
  private async publishDocuments(docs: OutboxDoc[]): Promise<boolean> {
    if (docs.length <= 1) return this.publishEach(docs);
    try {
      await this.publisher.publishRawMany(
        docs.flatMap((doc) =>
          (doc.pendingEvents ?? []).map((event) => ({
            topic: event.topic,
            key: event.key,
            eventId: event.eventId,
            payload: toBuffer(event.payload),
            ...(event.traceparent ? { headers: { traceparent: event.traceparent } } : {}),
          })),
        ),
      );
    } catch (error) {
      this.logger.warn({ err: error, documents: docs.length }, 'outbox batch publish failed; publishing one by one');
      return this.publishEach(docs);
    }
    await this.pullPublished(
      docs.map((doc) => ({ doc, eventIds: (doc.pendingEvents ?? []).map((event) => event.eventId) })),
    );
    return true;
  }

  /**
   * Removes what went out: written aggregates' events through settleWritten when there is one,
   * the rest by one $pull each in one bulk write.
   */
  private async pullPublished(published: Array<{ doc: OutboxDoc; eventIds: string[] }>): Promise<void> {
    const settled = this.settleWritten ? published.filter((p) => p.doc.written) : [];
    const pulled = settled.length > 0 ? published.filter((p) => !p.doc.written) : published;
    await Promise.all([
      settled.length > 0
        ? this.settleWritten?.(settled.map((p) => ({ id: p.doc._id, eventIds: p.eventIds })))
        : undefined,
      pulled.length > 0
        ? this.model.bulkWrite(
            pulled.map((p) => ({
              // (mongoose's bulk types do not follow a $pull on a sub-document array)
              updateOne: {
                filter: { _id: p.doc._id },
                update: { $pull: { pendingEvents: { eventId: { $in: p.eventIds } } } } as never,
              },
            })),
            { ordered: false },
          )
        : undefined,
    ]);
  }

  private async publishEach(docs: OutboxDoc[]): Promise<boolean> {
    let all = true;
    for (const doc of docs) all = (await this.publishDocument(doc)) && all;
    return all;
  }

  /** A full pass within retryMs (when polling), for events a failed publish left pending. */
  private passSoon(): void {
    this.schedule(this.retryMs);
  }

  /** The next pass in `ms`, unless one is due sooner already. */
  private schedule(ms: number): void {
    if (!this.polling) return;
    const dueAt = Date.now() + ms;
    if (this.timer && this.dueAt <= dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // A pass that failed is tried again soon; one that succeeded waits the whole interval.
      this.pass()
        .then(
          () => this.intervalMs,
          () => this.retryMs,
        )
        .then((next) => this.schedule(next));
    }, ms);
    this.timer.unref?.();
  }

  /** One pass at a time; a request during a pass makes that pass go round once more. */
  private pass(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      try {
        do {
          this.again = false;
          await this.publishAll();
        } while (this.again && !this.closed);
      } catch (error) {
        this.logger.warn({ err: error }, 'outbox relay pass failed; will retry');
        throw error;
      } finally {
        this.running = undefined;
      }
    })();
    this.running = run;
    return run;
  }

  /**
   * Publishes every document with pending events, a page at a time: each page is whatever is still
   * pending (what went out was pulled), so no sort is needed, which the MongoDB stand-in would do in
   * memory over every pending document. A document whose publish fails is logged and skipped until
   * the next pass; the others still go out. Order matters within a document, not across them.
   */
  private async publishAll(): Promise<void> {
    const failed: unknown[] = [];
    for (;;) {
      const filter = failed.length > 0 ? { ...HAS_PENDING, _id: { $nin: failed } } : HAS_PENDING;
      const docs = (await this.model
        .find(filter, { pendingEvents: 1 })
        .limit(this.batchSize)
        .lean()) as unknown as OutboxDoc[];
      for (const doc of docs) {
        if (!(await this.publishDocument(doc))) failed.push(doc._id);
      }
      if (docs.length < this.batchSize || this.closed) break;
    }
    if (failed.length > 0) throw new Error(`${failed.length} document(s) still have unpublished events`);
  }

  /** Publishes one document's events in order; true when all went out. */
  private async publishDocument(doc: OutboxDoc): Promise<boolean> {
    const published: string[] = [];
    try {
      for (const event of doc.pendingEvents ?? []) {
        await this.publisher.publishRaw({
          topic: event.topic,
          key: event.key,
          eventId: event.eventId,
          payload: toBuffer(event.payload),
          ...(event.traceparent ? { headers: { traceparent: event.traceparent } } : {}),
        });
        published.push(event.eventId);
      }
      return true;
    } catch (error) {
      // Later events of this document wait: per-aggregate order matters more than progress.
      this.logger.warn({ err: error, documentId: String(doc._id) }, 'outbox publish failed; will retry');
      return false;
    } finally {
      // Pull what went out even when a later event failed: it must not be published again and again.
      if (published.length > 0) await this.pullPublished([{ doc, eventIds: published }]);
    }
  }
}

/** lean() hands back BSON Binary (or a Buffer, depending on the driver path). */
function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  const binary = value as { buffer?: Uint8Array; value?: () => Uint8Array };
  if (binary?.buffer instanceof Uint8Array) return Buffer.from(binary.buffer);
  if (value instanceof Uint8Array) return Buffer.from(value);
  throw new Error('outbox payload is not binary');
}
