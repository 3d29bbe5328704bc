import type { Logger } from '@docket/observability';
import { deliveryKeys, toDeliveredDocument, type DeliveryKindName, type DeliverySection } from '../domain/delivery';
import type {
  AlertForDelivery,
  AlertSource,
  ChannelName,
  DeliveryPlanner,
  HitForDelivery,
  HitSource,
  NotificationSink,
} from '../domain/delivery-ports';
import type { DeliveryJobs } from './delivery-jobs';
import type { DeliveryRepository } from './delivery.repository';
import { hourStart } from './digest-window';
import { realtimeAllowance, volumeNotice } from './volume-guard';

const HOUR_MS = 3_600_000;

/** The channels a message of this alert goes to now (e-mail only with an address and not unsubscribed). */
export function channelsOf(alert: AlertForDelivery): ChannelName[] {
  const channels: ChannelName[] = [];
  if (alert.channels.inApp) channels.push('in_app');
  if (alert.channels.email && alert.ownerEmail && !alert.emailUnsubscribed) channels.push('email');
  if (alert.channels.webhookEndpointId) channels.push('webhook');
  return channels;
}

export function sectionOf(alert: AlertForDelivery, hits: HitForDelivery[], total = hits.length): DeliverySection {
  return {
    alertId: alert.id,
    alertName: alert.name,
    alertKind: alert.kind,
    question: alert.question,
    total,
    documents: hits.map(toDeliveredDocument),
    answer: [],
  };
}

/**
 * Turns new hits into deliveries. Real-time alerts: one delivery per channel per hit, recorded, then
 * queued, then the hit marked as carried. Past ALERTS_REALTIME_MAX_PER_HOUR messages in the last hour
 * the volume guard folds the alert into the hourly digest (it says why on the alert page, and tells
 * the user once). Daily and weekly alerts wait for their digest window (DigestPlanner).
 */
export class RealtimeDeliveryPlanner implements DeliveryPlanner {
  constructor(
    private readonly deps: {
      deliveries: DeliveryRepository;
      hits: HitSource;
      alerts: AlertSource;
      notifications: NotificationSink;
      jobs: DeliveryJobs;
      maxPerHour: number;
      clock: () => Date;
      logger: Logger;
    },
  ) {}

  async planHits(alert: AlertForDelivery, hits: HitForDelivery[]): Promise<void> {
    if (alert.cadence !== 'realtime' || alert.paused || alert.volumeNotice || hits.length === 0) return;
    const channels = channelsOf(alert);
    if (channels.length === 0) return;
    const primary = channels[0]!;
    const ordered = [...hits]
      .filter((h) => !h.deliveryKey)
      .sort((a, b) => a.matchedAt.getTime() - b.matchedAt.getTime());
    // A hit already recorded (planned before a crash, not yet marked) is finished without counting again.
    const known = await Promise.all(
      ordered.map((h) => this.deps.deliveries.find(deliveryKeys.realtime(alert.id, h.documentId, primary))),
    );
    const replanned = ordered.filter((_, i) => known[i]);
    const fresh = ordered.filter((_, i) => !known[i]);
    const now = this.deps.clock();
    const sentLastHour = await this.deps.deliveries.countRealtimeSince(
      alert.id,
      primary,
      new Date(now.getTime() - HOUR_MS),
    );
    const allowance = realtimeAllowance(sentLastHour, this.deps.maxPerHour);
    for (const hit of [...replanned, ...fresh.slice(0, allowance)]) await this.planOne(alert, hit, channels, now);
    if (fresh.length > allowance) await this.fold(alert, now);
  }

  private async planOne(
    alert: AlertForDelivery,
    hit: HitForDelivery,
    channels: ChannelName[],
    now: Date,
  ): Promise<void> {
    const group = deliveryKeys.realtimeGroup(alert.id, hit.documentId);
    for (const channel of channels) {
      const key = deliveryKeys.realtime(alert.id, hit.documentId, channel);
      await this.deps.deliveries.record({
        key,
        kind: 'realtime' satisfies DeliveryKindName,
        channel,
        ownerUserId: alert.ownerUserId,
        ownerEmail: alert.ownerEmail,
        alertIds: [alert.id],
        endpointId: channel === 'webhook' ? alert.channels.webhookEndpointId : '',
        hitIds: [hit.id],
        hitGroup: group,
        sections: [sectionOf(alert, [hit])],
        documentCount: 1,
        label: 'real-time',
        createdAt: now,
      });
      await this.deps.jobs.enqueue(key, channel);
    }
    await this.deps.hits.markDelivered([hit.id], group);
  }

  /** Folds the alert into the hourly digest: its notice on the alert page, and one notification. */
  private async fold(alert: AlertForDelivery, now: Date): Promise<void> {
    const notice = volumeNotice(this.deps.maxPerHour);
    await this.deps.alerts.setVolumeNotice(alert.id, notice);
    await this.deps.notifications.notify({
      key: `volume:${alert.id}:${hourStart(now).toISOString()}`,
      ownerUserId: alert.ownerUserId,
      kind: 'notice',
      title: `“${alert.name}” is now delivered as an hourly digest`,
      body: notice,
      link: `/alerts/${alert.id}`,
      alertId: alert.id,
    });
    this.deps.logger.info({ alertId: alert.id }, 'volume guard: real-time alert folded into the hourly digest');
  }
}
