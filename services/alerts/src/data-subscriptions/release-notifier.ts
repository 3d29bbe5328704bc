import { InputError, NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { ReleaseRecipient } from '../delivery';
import type { DataSubscriptionRecord, SubscriptionRowFilter } from '../domain/data-subscription';
import type { NotificationSink } from '../domain/delivery-ports';
import {
  changeLogPath,
  releaseHeadline,
  releaseKeys,
  releaseNoticeOf,
  shouldNotify,
  type ReleaseChangeLog,
  type ReleaseChangesSource,
  type ReleaseNotice,
} from '../domain/release-notice';
import type { DataSubscriptionRepository } from './data-subscription.repository';

/** A published release, as catalog.release-published.v1 says it. */
export interface PublishedRelease {
  dataProductId: string;
  releaseId: string;
  version: string;
  occurredAt: Date;
}

type Changes = { version: string; changeLog: ReleaseChangeLog | null };

/**
 * Tells a product's subscribers of a release: for each, the change log over its rows (the whole one
 * without filters; subscriptions with the same filters share one count), and when anything it follows
 * changed, an in-app notification and its e-mail and webhook deliveries, every one keyed by
 * subscription and release. Running it again for the same release (a redelivered event, a restart
 * half-way) adds nothing that is there and finishes what is not.
 */
export class ReleaseNotifier {
  constructor(
    private readonly deps: {
      subscriptions: DataSubscriptionRepository;
      products: ReleaseChangesSource;
      notifications: NotificationSink;
      deliveries: { plan(recipient: ReleaseRecipient, notice: ReleaseNotice): Promise<void> };
      logger: Logger;
    },
  ) {}

  async releasePublished(release: PublishedRelease): Promise<{ notified: number }> {
    const counted = new Map<string, Promise<Changes | undefined>>();
    const changesFor = (filters: readonly SubscriptionRowFilter[]) => {
      const key = JSON.stringify(filters);
      let found = counted.get(key);
      if (!found) {
        found = this.changes(release, filters);
        counted.set(key, found);
      }
      return found;
    };
    let notified = 0;
    for await (const subscription of this.deps.subscriptions.ofProduct(release.dataProductId)) {
      // Subscribed after the release came out: the next one is theirs.
      if (subscription.createdAt.getTime() > release.occurredAt.getTime()) continue;
      const changes = await changesFor(subscription.filters);
      if (!changes || !changes.changeLog || !shouldNotify(subscription.filters, changes.changeLog)) continue;
      await this.notify(
        subscription,
        releaseNoticeOf(
          subscription,
          { id: release.releaseId, version: changes.version || release.version },
          changes.changeLog,
        ),
        release,
      );
      notified += 1;
    }
    return { notified };
  }

  private async notify(
    subscription: DataSubscriptionRecord,
    notice: ReleaseNotice,
    release: PublishedRelease,
  ): Promise<void> {
    if (subscription.channels.inApp) {
      const { title, body } = releaseHeadline(notice);
      await this.deps.notifications.notify({
        key: releaseKeys.notice(subscription.id, release.releaseId),
        ownerUserId: subscription.ownerUserId,
        kind: 'notice',
        title,
        body,
        link: changeLogPath(notice),
      });
    }
    await this.deps.deliveries.plan(subscription, notice);
    await this.deps.subscriptions.markNotified(subscription.id, release.releaseId, release.occurredAt);
  }

  /**
   * undefined when there is nothing to tell with these filters: the product or release is gone, or a
   * filter no longer reads against the release (its column removed): that subscriber is skipped, the
   * others are still told. Anything else (the documents service unreachable) throws, to be retried.
   */
  private async changes(
    release: PublishedRelease,
    filters: readonly SubscriptionRowFilter[],
  ): Promise<Changes | undefined> {
    try {
      return await this.deps.products.changes(release.dataProductId, release.releaseId, filters);
    } catch (error) {
      if (!(error instanceof InputError || error instanceof NotFoundError)) throw error;
      this.deps.logger.warn(
        { err: error, dataProductId: release.dataProductId, releaseId: release.releaseId, filters },
        'release changes cannot be counted for these filters; their subscribers are not told',
      );
      return undefined;
    }
  }
}
