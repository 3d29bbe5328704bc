import { InputError, NotFoundError } from '@docket/errors';
import { deliveryKeys, type DeliveryRecord } from '../domain/delivery';
import type { AlertForDelivery, AlertSource, HitSource } from '../domain/delivery-ports';
import type { DeliveryJobs } from './delivery-jobs';
import { channelsOf, sectionOf } from './delivery-planner';
import type { DeliveryRepository } from './delivery.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

const MAX_LIST = 200;
const TEST_SAMPLE = 5;

/** What an unsubscribe token stops, for the page that asks before doing it. */
export interface UnsubscribeTarget {
  alertId: string;
  alertName: string;
  unsubscribed: boolean;
}

/** The delivery RPCs' work: delivery history, "send a test", and unsubscribing by token. */
export class DeliveryService {
  constructor(
    private readonly deps: {
      deliveries: DeliveryRepository;
      alerts: AlertSource;
      hits: HitSource;
      jobs: DeliveryJobs;
      tokens: UnsubscribeTokens;
      clock: () => Date;
    },
  ) {}

  async listDeliveries(ownerUserId: string, alertId: string, limit: number): Promise<DeliveryRecord[]> {
    await this.ownedAlert(ownerUserId, alertId);
    return this.deps.deliveries.listForAlert(alertId, Math.min(Math.max(limit || 50, 1), MAX_LIST));
  }

  /**
   * A message on every channel of the alert now, with its newest undelivered documents if it has any
   * (not marked delivered).
   */
  async sendTest(ownerUserId: string, alertId: string): Promise<DeliveryRecord[]> {
    const alert = await this.ownedAlert(ownerUserId, alertId);
    const channels = channelsOf(alert);
    if (channels.length === 0)
      throw new InputError('channels: the alert has no channel to send a test to', [
        { path: 'channels', message: 'no channel to send a test to' },
      ]);
    const sample = await this.deps.hits.undeliveredHits(alert.id, TEST_SAMPLE);
    const now = this.deps.clock();
    const n = now.getTime().toString(36);
    const records: DeliveryRecord[] = [];
    for (const channel of channels) {
      const { delivery } = await this.deps.deliveries.record({
        key: deliveryKeys.test(alert.id, n, channel),
        kind: 'test',
        channel,
        ownerUserId,
        ownerEmail: alert.ownerEmail,
        alertIds: [alert.id],
        endpointId: channel === 'webhook' ? alert.channels.webhookEndpointId : '',
        hitIds: [],
        hitGroup: '',
        sections: [sectionOf(alert, sample)],
        documentCount: sample.length,
        label: 'test',
        createdAt: now,
      });
      await this.deps.jobs.enqueue(delivery.key, channel);
      records.push(delivery);
    }
    return records;
  }

  async describeUnsubscribe(token: string): Promise<UnsubscribeTarget> {
    const { alerts } = await this.tokenAlerts(token);
    return { ...describe(alerts), unsubscribed: alerts.every((a) => a.emailUnsubscribed) };
  }

  /** Turns e-mail off for every alert the token names (idempotent: a second click is fine). */
  async unsubscribe(token: string): Promise<UnsubscribeTarget> {
    const { alerts } = await this.tokenAlerts(token);
    for (const alert of alerts)
      if (!alert.emailUnsubscribed) await this.deps.alerts.setEmailUnsubscribed(alert.id, true);
    return { ...describe(alerts), unsubscribed: true };
  }

  private async tokenAlerts(token: string): Promise<{ alerts: AlertForDelivery[] }> {
    const claim = this.deps.tokens.verify(token ?? '');
    if (!claim)
      throw new InputError('token: this unsubscribe link is not valid', [
        { path: 'token', message: 'not a valid unsubscribe link' },
      ]);
    const found = await Promise.all(claim.alertIds.map((id) => this.deps.alerts.alert(id)));
    // An alert deleted since the e-mail went out sends nothing more: only the remaining ones count.
    const alerts = found.filter((a): a is AlertForDelivery => a !== null && a.ownerUserId === claim.ownerUserId);
    if (alerts.length === 0) throw new NotFoundError('the alert of this unsubscribe link no longer exists');
    return { alerts };
  }

  /** Another user's alert is not found, never forbidden (ids cannot be probed). */
  private async ownedAlert(ownerUserId: string, alertId: string): Promise<AlertForDelivery> {
    const alert = alertId ? await this.deps.alerts.alert(alertId) : null;
    if (!alert || alert.ownerUserId !== ownerUserId) throw new NotFoundError(`alert ${alertId} not found`);
    return alert;
  }
}

function describe(alerts: AlertForDelivery[]): Omit<UnsubscribeTarget, 'unsubscribed'> {
  const names = alerts.map((a) => a.name);
  const alertName =
    names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  return { alertId: alerts[0]!.id, alertName };
}
