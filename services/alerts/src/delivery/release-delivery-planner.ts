import type { DataSubscriptionChannels } from '../domain/data-subscription';
import { releaseKeys, type ReleaseNotice } from '../domain/release-notice';
import type { DeliveryJobs } from './delivery-jobs';
import type { DeliveryRepository } from './delivery.repository';

/** A subscriber as a release's e-mail and webhook need them. */
export interface ReleaseRecipient {
  ownerUserId: string;
  ownerEmail: string;
  channels: DataSubscriptionChannels;
}

/**
 * Records a release notice's e-mail and webhook as deliveries, keyed by subscription, release and
 * channel, then queues them: they go through the same worker, retries and once-only keys as alert
 * messages. A redelivered event finds the records taken (and the job ids), and a crash between record
 * and queue is mended by the sweeper. A digest-mode e-mail is recorded held, not queued: the
 * subscriber's next daily digest carries it (DigestPlanner).
 */
export class ReleaseDeliveryPlanner {
  constructor(
    private readonly deps: {
      deliveries: DeliveryRepository;
      jobs: DeliveryJobs;
      clock: () => Date;
    },
  ) {}

  async plan(recipient: ReleaseRecipient, notice: ReleaseNotice): Promise<void> {
    const { channels } = recipient;
    if (channels.email !== 'off' && recipient.ownerEmail)
      await this.record(recipient, notice, 'email', '', channels.email === 'digest');
    if (channels.webhookEndpointId) await this.record(recipient, notice, 'webhook', channels.webhookEndpointId, false);
  }

  private async record(
    recipient: ReleaseRecipient,
    notice: ReleaseNotice,
    channel: 'email' | 'webhook',
    endpointId: string,
    held: boolean,
  ): Promise<void> {
    const key = releaseKeys.delivery(notice.subscriptionId, notice.releaseId, channel);
    const { delivery } = await this.deps.deliveries.record(
      {
        key,
        kind: 'release',
        channel,
        ownerUserId: recipient.ownerUserId,
        ownerEmail: recipient.ownerEmail,
        alertIds: [],
        endpointId,
        hitIds: [],
        hitGroup: '',
        sections: [],
        documentCount: 0,
        label: held ? 'digest' : 'release',
        release: notice,
        createdAt: this.deps.clock(),
      },
      held ? 'held' : 'pending',
    );
    // A record already sent or given up needs no job; a pending one may have lost its job in a crash.
    if (delivery.status === 'pending' || delivery.status === 'retrying') await this.deps.jobs.enqueue(key, channel);
  }
}
