import type { PendingEvent } from '@docket/events';
import type { Logger } from '@docket/observability';
import { BacklogSchedule, type BacklogTiming } from '@docket/service-kit';
import type { Document } from '../domain/document.types';
import type { DocketPattern } from '../domain/entities';
import { analyseText, withFilingDocket } from '../domain/text-analysis';
import type { DocketRepository } from '../store/docket.repository';
import type { DocumentRepository } from '../store/document.repository';
import type { EntityIncrement, EntityRepository } from '../store/entity.repository';
import { documentUpdatedEvent, type DocumentsTopics } from './document-changes.event';
import { addEntityIncrements } from './entity-increments';
import type { AnalysisQueue, OutboxKicker } from './ingest.service';

/**
 * A batch's entities are counted in one write per entity (merged over its documents), so batches are
 * large; the analysis itself (about 3 CPU-ms a filing of 11,000 characters) yields to other work every
 * ANALYSED_BETWEEN_YIELDS documents, so a request waits at most about 50 ms behind it.
 *
 * maxWaitMs is also when imports are held back (caughtUp): under npm start's default corpus
 * documents waited up to 62 s with 30 s, as the held-back import's backlog is analysed at about 110 a
 * second; with 20 s, 39.9 s at most (25.8 s at the median).
 */
export const ANALYSIS_TIMING: BacklogTiming = { quietMs: 1_000, maxWaitMs: 20_000, batch: 256, maxBatch: 1_024 };
const ANALYSED_BETWEEN_YIELDS = 16;
/** Batches of at least this many documents get a line in the log. */
const BULK_BATCH = 50;

/**
 * Finds a new document's entities, mentions and values in the background, off the import's path:
 * once imports pause for a second, or between their writes once a document has waited 20 s
 * (BacklogSchedule), imports then waiting until the overdue ones are done (caughtUp). It stores them,
 * counts the entities' profiles, and republishes the document (documents.updated.v1) with its
 * entities, which the search index and the alerts then take (the index rewrites the document's row,
 * the alerts match it again; a hit is unique per alert and document, so nothing is delivered twice).
 *
 * The queue is the documents' `analysisPending` flag, written with the document; this process holds
 * their ids in memory and reads what a previous run left at its start (recover). A crash between the
 * entity counters and the documents' write counts that batch's entities twice at the next start,
 * as the StatsProjector's counters do (at least once).
 */
export class DocumentAnalyser implements AnalysisQueue {
  private readonly queue: Array<{ id: string; since: number }> = [];
  /** The documents of the batch under way, taken from the front of the queue. */
  private inFlight: Array<{ id: string; since: number }> = [];
  private readonly schedule: BacklogSchedule;
  private batchRunning: Promise<unknown> = Promise.resolve();
  /** Imports waiting for the overdue documents to be analysed (caughtUp). */
  private waiters: Array<() => void> = [];
  private analysedCount = 0;

  constructor(
    private readonly deps: {
      documents: DocumentRepository;
      dockets: DocketRepository;
      entities: EntityRepository;
      outbox: OutboxKicker;
      topics: Pick<DocumentsTopics, 'updated'>;
      docketPatterns: () => DocketPattern[];
      sourceName: (sourceId: string) => Promise<string>;
      logger: Logger;
    },
    private readonly timing: BacklogTiming = ANALYSIS_TIMING,
    private readonly now: () => number = Date.now,
  ) {
    this.schedule = new BacklogSchedule(this.timing, (limit) => (this.batchRunning = this.runBatch(limit)), now);
  }

  add(documentId: string): void {
    this.queue.push({ id: documentId, since: this.now() });
    this.schedule.wrote(1);
    if (this.queue.length === 1) this.schedule.backlog(this.now());
  }

  caughtUp(): Promise<void> {
    if (!this.overdue()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private overdue(): boolean {
    const oldest = this.inFlight[0] ?? this.queue[0];
    return oldest !== undefined && this.now() - oldest.since >= this.timing.maxWaitMs;
  }

  /** Queues what a previous run left unanalysed; returns how many. */
  async recover(): Promise<number> {
    const ids = await this.deps.documents.findAnalysisPendingIds();
    const queued = new Set(this.queue.map((item) => item.id));
    const since = this.now();
    const left = ids.filter((id) => !queued.has(id)).map((id) => ({ id, since }));
    this.queue.unshift(...left);
    this.reportBacklog();
    return left.length;
  }

  /** Documents waiting for their analysis. */
  pending(): number {
    return this.inFlight.length + this.queue.length;
  }

  /** Documents analysed since the start. */
  analysed(): number {
    return this.analysedCount;
  }

  /** Runs no further batch; resolves once the one under way (if any) has written. */
  async stop(): Promise<void> {
    this.schedule.stop();
    await this.batchRunning.catch(() => undefined);
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private async runBatch(limit: number): Promise<void> {
    this.inFlight = this.queue.splice(0, limit);
    try {
      await this.analyse(this.inFlight.map((item) => item.id));
    } catch (error) {
      this.queue.unshift(...this.inFlight);
      this.deps.logger.error(
        { err: error, documents: this.inFlight.length },
        'finding entities of new documents failed; tried again shortly',
      );
      throw error;
    } finally {
      this.inFlight = [];
      this.reportBacklog();
    }
  }

  private reportBacklog(): void {
    this.schedule.backlog(this.queue[0]?.since ?? null);
    if (!this.overdue()) this.releaseWaiters();
  }

  private async analyse(ids: string[]): Promise<void> {
    const documents = await this.deps.documents.findForAnalysis(ids);
    if (documents.length === 0) return;
    const patterns = this.deps.docketPatterns();
    const increments = new Map<string, EntityIncrement>();
    const analysed = [];
    const parties = new Map<string, string[]>();
    for (const [index, document] of documents.entries()) {
      if (index > 0 && index % ANALYSED_BETWEEN_YIELDS === 0) await new Promise((resolve) => setImmediate(resolve));
      const inText = analyseText(document.text, patterns);
      const analysis = document.docketNumber ? withFilingDocket(inText, document.docketNumber) : inText;
      // The entities it was stored with (its docket) were counted with it (StatsProjector).
      const stored = new Set(document.entities.map((entity) => entity.id));
      const found = analysis.entities.filter((entity) => !stored.has(entity.id));
      addEntityIncrements(increments, { ...document, entities: found }, document.filedAt ?? document.createdAt);
      const event = await this.updatedEvent({ ...document, ...analysis }, parties);
      analysed.push({ id: document.id, sha256: document.sha256, analysis, event });
    }
    // Counted first: a crash before the write counts these again at the next start, never not at all.
    await this.deps.entities.applyIncrements([...increments.values()]);
    const written = new Set(await this.deps.documents.recordAnalyses(analysed, new Date(this.now())));
    this.analysedCount += written.size;
    const events = analysed.filter(({ id }) => written.has(id)).map(({ id, event }) => ({ id, events: [event] }));
    if (events.length > 0) void this.deps.outbox.kickWritten(events);
    // A line per bulk batch, so that npm start's output follows the backlog (a lone upload is not worth one).
    if (documents.length >= BULK_BATCH)
      this.deps.logger.info(
        {
          analysed: written.size,
          waiting: this.queue.length,
          oldestWaitS: this.queue[0] ? Math.round((this.now() - this.queue[0].since) / 1000) : 0,
        },
        `entities found for ${written.size} new documents`,
      );
  }

  /** Its documents.updated event; `parties` keeps the batch's dockets' parties (a docket's filings come together). */
  private async updatedEvent(document: Document, parties: Map<string, string[]>): Promise<PendingEvent> {
    let names = parties.get(document.docketId);
    if (names === undefined) {
      const docket = document.docketId ? await this.deps.dockets.find(document.docketId) : undefined;
      names = (docket?.parties ?? []).map((party) => party.name);
      parties.set(document.docketId, names);
    }
    return documentUpdatedEvent(
      { ...document, sourceName: await this.deps.sourceName(document.sourceId), parties: names },
      this.deps.topics.updated,
    );
  }
}
