import type { Logger } from '@docket/observability';
import { deliveryKeys, digestLabel, TOP_DOCUMENTS, type DeliverySection, type DigestCadence } from '../domain/delivery';
import type { AlertForDelivery, AlertSource, ChannelName, HitForDelivery, HitSource } from '../domain/delivery-ports';
import type { DeliveryJobs, QuestionAnswerer } from './delivery-jobs';
import { channelsOf, sectionOf } from './delivery-planner';
import type { DeliveryRepository, HeldReleases, NewDelivery } from './delivery.repository';
import { isDigestDue } from './digest-window';
import { carriedReleaseKeys, noticesOf, releaseDigestDue } from './release-digest';
import { shouldUnfold } from './volume-guard';

/** Hits one digest carries per alert at most; more wait for the next window (the count says so). */
const MAX_HITS_PER_ALERT = 1_000;
/** The answer reads at most this many of an alert's new documents (the query-engine's limit). */
const MAX_ANSWER_DOCUMENTS = 50;

interface AlertBatch {
  alert: AlertForDelivery;
  hits: HitForDelivery[];
  section: DeliverySection;
}

/**
 * Plans the digests of one hourly window: every user whose daily hour (or weekly day and hour) has
 * come in their time zone gets one message per channel grouping every alert of that cadence with new
 * hits; real-time alerts folded by the volume guard get their hourly digest. The daily digest's e-mail
 * also carries the user's held release e-mails (data subscriptions in digest mode; see release-digest.ts).
 * Keyed by user, cadence and window, so a re-run of the same window (a retried tick) plans nothing twice.
 */
export class DigestPlanner {
  constructor(
    private readonly deps: {
      deliveries: DeliveryRepository;
      alerts: AlertSource;
      hits: HitSource;
      jobs: DeliveryJobs;
      answers: QuestionAnswerer;
      maxPerHour: number;
      clock?: () => Date;
      logger: Logger;
    },
  ) {
    this.heldReleases = deps.deliveries.heldReleases();
  }

  private readonly heldReleases: HeldReleases;

  async planWindow(windowStart: Date): Promise<{ users: number; deliveries: number }> {
    let users = 0;
    let deliveries = 0;
    const count = (planned: number) => {
      if (planned > 0) users += 1;
      deliveries += planned;
    };
    const withDailyAlerts = new Set<string>();
    for (const cadence of ['daily', 'weekly'] as const) {
      for await (const owner of this.deps.alerts.ownersWithCadence(cadence)) {
        const alerts = await this.deps.alerts.alertsOfOwner(owner, cadence);
        const due = alerts.filter((a) => !a.paused && isDigestDue(a, windowStart));
        if (due.length === 0) continue;
        if (cadence === 'daily') withDailyAlerts.add(owner);
        const releases = cadence === 'daily' && releaseDigestDue(alerts, windowStart);
        count(await this.planDigest(owner, cadence, windowStart, due, releases));
      }
    }
    // Subscribers with held releases and no daily alert due now: theirs may be the default hour's digest.
    for await (const owner of this.heldReleases.owners()) {
      if (withDailyAlerts.has(owner)) continue;
      const daily = await this.deps.alerts.alertsOfOwner(owner, 'daily');
      if (releaseDigestDue(daily, windowStart)) count(await this.planDigest(owner, 'daily', windowStart, [], true));
    }
    for await (const owner of this.deps.alerts.ownersWithCadence('realtime')) {
      const folded = (await this.deps.alerts.alertsOfOwner(owner, 'realtime')).filter(
        (a) => !a.paused && a.volumeNotice,
      );
      if (folded.length === 0) continue;
      const counts = await Promise.all(folded.map((a) => this.deps.hits.countUndelivered(a.id)));
      const planned = await this.planDigest(owner, 'hourly', windowStart, folded);
      deliveries += planned;
      if (planned > 0) users += 1;
      // Back to real time after a quieter hour.
      for (const [i, alert] of folded.entries())
        if (shouldUnfold(counts[i]!, this.deps.maxPerHour)) await this.deps.alerts.setVolumeNotice(alert.id, '');
    }
    return { users, deliveries };
  }

  /** Plans one user's digest of one cadence; returns how many channel deliveries it has. */
  async planDigest(
    ownerUserId: string,
    cadence: DigestCadence,
    windowStart: Date,
    alerts: AlertForDelivery[],
    withReleases = false,
  ): Promise<number> {
    const group = deliveryKeys.digestGroup(ownerUserId, cadence, windowStart);
    const now = this.deps.clock?.() ?? new Date();
    const held = withReleases ? await this.heldReleases.claim(ownerUserId, group, now) : [];
    const batches: AlertBatch[] = [];
    for (const alert of alerts) {
      const hits = await this.deps.hits.undeliveredHits(alert.id, MAX_HITS_PER_ALERT);
      if (hits.length === 0) continue;
      const total = hits.length < MAX_HITS_PER_ALERT ? hits.length : await this.deps.hits.countUndelivered(alert.id);
      const section = sectionOf(alert, hits.slice(0, TOP_DOCUMENTS), total);
      if (alert.question) section.answer = await this.answer(alert, hits);
      batches.push({ alert, hits, section });
    }
    const records: NewDelivery[] = [];
    const record = (channel: ChannelName, chosen: AlertBatch[], endpointId = '') => {
      const releases = channel === 'email' ? noticesOf(held) : [];
      if (chosen.length === 0 && releases.length === 0) return;
      records.push({
        key: deliveryKeys.digest(ownerUserId, cadence, windowStart, channel, endpointId),
        kind: 'digest',
        channel,
        ownerUserId,
        ownerEmail: chosen[0]?.alert.ownerEmail || held[0]!.ownerEmail,
        alertIds: chosen.map((b) => b.alert.id),
        endpointId,
        hitIds: chosen.flatMap((b) => b.hits.map((h) => h.id)),
        hitGroup: group,
        sections: chosen.map((b) => b.section),
        documentCount: chosen.reduce((sum, b) => sum + b.section.total, 0),
        label: digestLabel(cadence, windowStart),
        ...(releases.length > 0 ? { releases } : {}),
        createdAt: now,
      });
    };
    record(
      'in_app',
      batches.filter((b) => channelsOf(b.alert).includes('in_app')),
    );
    record(
      'email',
      batches.filter((b) => channelsOf(b.alert).includes('email')),
    );
    const endpoints = new Set(
      batches.filter((b) => channelsOf(b.alert).includes('webhook')).map((b) => b.alert.channels.webhookEndpointId),
    );
    for (const endpointId of endpoints)
      record(
        'webhook',
        batches.filter((b) => b.alert.channels.webhookEndpointId === endpointId),
        endpointId,
      );

    // Recorded first (a record already there from an interrupted run is kept as it was), then the hits
    // marked as carried, then queued: a crash anywhere leaves either undelivered hits (planned again)
    // or records the sweeper queues again.
    // Held releases likewise: sent with the e-mail recorded (a re-run's record is the first one, so what
    // it carries counts, not what was claimed this time), the rest back to wait for the next digest.
    const carried = new Set(batches.flatMap((b) => b.hits.map((h) => h.id)));
    const stored = [];
    for (const r of records) {
      const { delivery } = await this.deps.deliveries.record(r);
      delivery.hitIds.forEach((id) => carried.add(id));
      stored.push(delivery);
    }
    if (carried.size > 0) await this.deps.hits.markDelivered([...carried], group);
    if (held.length > 0) {
      const email = stored.find((d) => d.channel === 'email');
      const keys = email ? carriedReleaseKeys(email) : [];
      await this.heldReleases.settle(ownerUserId, group, keys, email?.key ?? '', now);
    }
    for (const delivery of stored) await this.deps.jobs.enqueue(delivery.key, delivery.channel);
    return stored.length;
  }

  private async answer(alert: AlertForDelivery, hits: HitForDelivery[]): Promise<DeliverySection['answer']> {
    try {
      return await this.deps.answers.answer(
        alert.question,
        hits.slice(0, MAX_ANSWER_DOCUMENTS).map((h) => h.documentId),
      );
    } catch (error) {
      this.deps.logger.warn({ err: error, alertId: alert.id }, 'digest answer failed; the digest goes without it');
      return [];
    }
  }
}
