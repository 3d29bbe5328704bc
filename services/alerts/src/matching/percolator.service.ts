import type { Logger } from '@docket/observability';
import type { AlertRepository, HitRepository, NewHit } from '../alerts';
import { toAlertForDelivery } from '../domain/alert';
import type { CompiledAlert, PercolationDocument } from '../domain/alert-matcher';
import type { DeliveryPlanner, HitForDelivery, TriggeredEventOf } from '../domain/delivery-ports';
import { buildSnippet } from '../domain/snippet';
import type { AlertIndex } from './alert-index';

export interface PercolationOutcome {
  matched: number;
  created: number;
}

/**
 * Matches one new or updated document against every active alert through the index, stores a hit
 * per matching alert (once: alert × document is unique) with its alerts.triggered.v1 event in the
 * same write, counts it on the alert, and hands every hit of this document not yet delivered to
 * delivery. Running it again for the same document (a redelivered event, a crash before planning)
 * creates nothing new and plans only what is still undelivered.
 */
export class Percolator {
  constructor(
    private readonly deps: {
      index: AlertIndex;
      alerts: AlertRepository;
      hits: HitRepository;
      planner: DeliveryPlanner;
      /** The alerts.triggered.v1 outbox entry written with each new hit. */
      triggeredEvent: TriggeredEventOf;
      /** Publishes the outbox of these hits now (the relay's poll is the fallback). */
      publishHits: (hitIds: string[]) => Promise<void>;
      logger: Logger;
    },
  ) {}

  /** `filedAt`: when the document's event was written; it meets every alert saved before then. */
  async percolate(doc: PercolationDocument, filedAt?: Date): Promise<PercolationOutcome> {
    if (filedAt) await this.deps.index.currentAsOf(filedAt);
    const matched = await this.deps.index.match(doc);
    if (matched.length === 0) return { matched: 0, created: 0 };
    const created: HitForDelivery[] = [];
    const alreadyHit: string[] = [];
    const now = new Date();
    await inBatches(matched, async (alert) => {
      const hit = await this.storeHit(alert, doc, now);
      if (!hit) {
        alreadyHit.push(alert.alertId);
        return;
      }
      created.push(hit);
      await this.deps.alerts.recordHits(alert.alertId, 1, now);
    });
    if (created.length > 0) await this.deps.publishHits(created.map((hit) => hit.id));
    // Hits made just now are known; only those of an earlier event may wait undelivered (a crash
    // before planning), so only they are read back.
    const earlier: HitForDelivery[] = [];
    await inBatches(alreadyHit, async (alertId) => {
      const hit = await this.deps.hits.undeliveredOf(alertId, doc.id);
      if (hit) earlier.push(hit);
    });
    await this.plan([...created, ...earlier]);
    this.deps.logger.debug(
      { documentId: doc.id, matched: matched.length, created: created.length },
      'document percolated',
    );
    return { matched: matched.length, created: created.length };
  }

  /** The new hit, or null when the alert already had one for this document. */
  private async storeHit(alert: CompiledAlert, doc: PercolationDocument, now: Date): Promise<HitForDelivery | null> {
    const hit: NewHit = {
      alertId: alert.alertId,
      ownerUserId: alert.ownerUserId,
      documentId: doc.id,
      title: doc.title,
      snippet: buildSnippet(doc.text, alert.highlights),
      docketNumber: doc.docketNumber,
      sourceName: doc.sourceName,
      filingType: doc.filingCategory || doc.filingType,
      ...(doc.filedAt ? { filedAt: doc.filedAt } : {}),
      matchedAt: now,
    };
    const id = await this.deps.hits.insertIfNew(hit, () =>
      this.deps.triggeredEvent({ alertId: alert.alertId, ownerUserId: alert.ownerUserId, documentId: doc.id }),
    );
    if (!id) return null;
    const { ownerUserId: _owner, ...forDelivery } = hit;
    return { ...forDelivery, id, deliveryKey: '' };
  }

  /** Hands delivery the document's undelivered hits, alert by alert (paused or deleted ones skipped). */
  private async plan(hits: HitForDelivery[]): Promise<void> {
    if (hits.length === 0) return;
    const alerts = new Map(
      (await this.deps.alerts.findLiveMany([...new Set(hits.map((hit) => hit.alertId))])).map((alert) => [
        alert.id,
        alert,
      ]),
    );
    await inBatches(
      [...alerts.values()].filter((alert) => !alert.paused),
      (alert) =>
        this.deps.planner.planHits(
          toAlertForDelivery(alert),
          hits.filter((hit) => hit.alertId === alert.id),
        ),
    );
  }
}

/** A document that matches many alerts: their writes go BATCH at a time rather than one round trip after another. */
const BATCH = 16;

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH)
    await Promise.all(items.slice(start, start + BATCH).map(run));
}
