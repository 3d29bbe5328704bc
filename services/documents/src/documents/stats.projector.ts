import type { Logger } from '@docket/observability';
import type { Document } from '../domain/document.types';
import { filingDocketEntity } from '../domain/text-analysis';
import type { ActivityEvent, ActivityRepository } from '../store/activity.repository';
import type { DocketRepository } from '../store/docket.repository';
import type { DocumentRepository } from '../store/document.repository';
import type { EntityIncrement, EntityRepository } from '../store/entity.repository';
import type { SourceIncrement, SourceRepository } from '../store/source.repository';
import { addEntityIncrements } from './entity-increments';

export type CountedDocument = Pick<
  Document,
  | 'id'
  | 'sourceId'
  | 'docketId'
  | 'docketNumber'
  | 'filingType'
  | 'filedAt'
  | 'createdAt'
  | 'entities'
  | 'failureReason'
  | 'analysedAt'
>;

/** Documents counted in one window that make the next window a bulk one. */
const BULK_DOCUMENTS_PER_WINDOW = 20;

/**
 * Keeps the read-side counters (source counts and coverage, per-hour and per-day activity, docket
 * sizes, entity profiles) in step with new documents. Documents are counted in batches, merged
 * per source and entity into a few bulk writes, then flagged `statsApplied`. A crash before the flag
 * leaves documents unflagged and `recover()` counts them at the next start (at least once: a crash
 * between the counters and the flag counts that batch twice).
 *
 * The flag write also removes the outbox events the relay has published meanwhile (carryPulls): a new
 * document is then rewritten once after its insert, not twice (MongoDB stand-in: a whole-document
 * rewrite each).
 */
export class StatsProjector {
  private queue: CountedDocument[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Documents added and not yet flagged: their published events can wait for the flag write. */
  private readonly unflagged = new Set<string>();
  /** Published events of unflagged documents, by id, to remove with their flag. */
  private readonly pulls = new Map<string, string[]>();

  constructor(
    private readonly deps: {
      documents: DocumentRepository;
      sources: SourceRepository;
      dockets: DocketRepository;
      entities: EntityRepository;
      activity: ActivityRepository;
      logger: Logger;
    },
    // Counters lag writes by up to a second (a lone upload); in exchange a busy entity is written once a window,
    // not once a document.
    private readonly batchSize = 1000,
    private readonly delayMs = 1000,
    // While documents arrive in bulk (an import, the corpus loading) they lag by up to 5 s: each
    // counted entity and each document's flag is a whole-document rewrite in the MongoDB stand-in, and a
    // longer window writes a busy entity once for many more documents.
    private readonly bulkDelayMs = Math.max(delayMs, 5000),
  ) {}

  /** Whether the last window counted documents in bulk: the next one then waits bulkDelayMs. */
  private inBulk = false;

  add(document: CountedDocument): void {
    this.unflagged.add(document.id);
    this.queue.push(document);
    if (this.queue.length >= this.batchSize) void this.flush();
    else if (!this.timer)
      this.timer = setTimeout(() => void this.flush(), this.inBulk ? this.bulkDelayMs : this.delayMs);
  }

  /**
   * The relay has published these documents' events: those still waiting for their flag have them
   * removed by the flag write; the others (flagged already, or never added here) are returned, for
   * the caller to remove now.
   */
  carryPulls(published: Array<{ id: string; eventIds: string[] }>): Map<string, string[]> {
    const rest = new Map<string, string[]>();
    for (const { id, eventIds } of published) {
      const into = this.unflagged.has(id) ? this.pulls : rest;
      into.set(id, [...(into.get(id) ?? []), ...eventIds]);
    }
    return rest;
  }

  /** Counts everything queued so far; resolves when it is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.inBulk = batch.length >= BULK_DOCUMENTS_PER_WINDOW;
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.apply(batch);
      } catch (error) {
        // Left unflagged: recover() counts them at the next start.
        this.deps.logger.error(
          { err: error, documents: batch.length },
          'counting documents failed; they will be counted at the next start',
        );
        // Their published events are removed all the same (else the relay's next sweep publishes them again).
        await this.deps.documents.pullEvents(this.takePulls(batch)).catch((pullError: unknown) => {
          this.deps.logger.warn(
            { err: pullError },
            "removing published outbox events failed; the relay's next sweep publishes them again",
          );
        });
      }
    });
    return this.flushing;
  }

  /**
   * Counts documents a previous run wrote but did not count: those created before `startedAt`, this
   * run's start, so that recovering while new documents arrive does not count theirs (add() does).
   * Stops between batches once `signal` aborts (what is left is counted at the next start).
   */
  async recover(startedAt: Date, signal?: AbortSignal): Promise<number> {
    let total = 0;
    while (!signal?.aborted) {
      const batch = await this.deps.documents.findUnapplied(500, startedAt);
      if (batch.length === 0) return total;
      await this.apply(batch);
      total += batch.length;
    }
    return total;
  }

  private async apply(batch: CountedDocument[]): Promise<void> {
    const now = new Date();
    const sources = new Map<string, SourceIncrement>();
    const dockets = new Map<string, number>();
    const entities = new Map<string, EntityIncrement>();
    const activity: ActivityEvent[] = [];

    const ordered = [...batch].sort((a, b) => (a.filedAt?.getTime() ?? 0) - (b.filedAt?.getTime() ?? 0));
    for (const document of ordered) {
      if (document.failureReason) {
        activity.push({ sourceId: document.sourceId, at: document.createdAt, failed: true });
        continue;
      }
      const filedAt = document.filedAt ?? document.createdAt;
      activity.push({ sourceId: document.sourceId, at: filedAt, failed: false });
      const source = sources.get(document.sourceId) ?? {
        sourceId: document.sourceId,
        documents: 0,
        dockets: 0,
        filingTypes: new Map<string, number>(),
      };
      source.documents += 1;
      if (document.filingType)
        source.filingTypes.set(document.filingType, (source.filingTypes.get(document.filingType) ?? 0) + 1);
      if (document.filedAt) {
        if (!source.firstFiledAt || document.filedAt < source.firstFiledAt) source.firstFiledAt = document.filedAt;
        if (!source.lastFiledAt || document.filedAt > source.lastFiledAt) source.lastFiledAt = document.filedAt;
      }
      sources.set(document.sourceId, source);
      if (document.docketId) dockets.set(document.docketId, (dockets.get(document.docketId) ?? 0) + 1);

      // A new document is counted with the entities it was stored with (its docket); those found in the
      // background later are counted by DocumentAnalyser.
      addEntityIncrements(entities, storedWith(document), filedAt);
    }

    await Promise.all([
      this.deps.sources.applyIncrements([...sources.values()]),
      this.deps.dockets.addDocuments(dockets),
      this.deps.entities.applyIncrements([...entities.values()]),
      this.deps.activity.record(activity, now),
    ]);
    const pulls = this.takePulls(batch);
    try {
      await this.deps.documents.markStatsApplied(
        batch.map((document) => document.id),
        pulls,
      );
    } catch (error) {
      for (const [id, eventIds] of pulls) this.pulls.set(id, eventIds); // flush's catch removes them
      throw error;
    }
  }

  /** The published events waiting for these documents' flag; from now on the documents count as flagged. */
  private takePulls(batch: CountedDocument[]): Map<string, string[]> {
    const taken = new Map<string, string[]>();
    for (const { id } of batch) {
      this.unflagged.delete(id);
      const eventIds = this.pulls.get(id);
      if (eventIds) taken.set(id, eventIds);
      this.pulls.delete(id);
    }
    return taken;
  }
}

/** The document as it was stored: once analysed in the background, only its docket was there. */
function storedWith(document: CountedDocument): Pick<CountedDocument, 'id' | 'entities' | 'docketId'> {
  if (!document.analysedAt) return document;
  const docket = filingDocketEntity(document.docketNumber);
  return { ...document, entities: docket ? [docket] : [] };
}
