import { Webhook } from 'standardwebhooks';
import type { Logger } from '@docket/observability';
import {
  PermanentDeliveryError,
  RetryableDeliveryError,
  type NotificationSink,
  type WebhookMessage,
  type WebhookSender,
} from '../domain/delivery-ports';
import { BlockedAddressError, UnresolvedHostError, type AddressGuard } from './address-guard';
import { deliveryFailureOf, httpFailure } from './delivery-failure';
import { postPinned } from './pinned-post';
import type { WebhookEndpointRecord, WebhookEndpointStore } from './webhook-endpoint';
import { webhookBody } from './webhook-payload';

export interface WebhookSenderOptions {
  endpoints: WebhookEndpointStore;
  guard: AddressGuard;
  notices: NotificationSink;
  logger: Logger;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** Messages in a row given up on (after all their retries) before the endpoint is disabled. */
  disableAfterFinalFailures: number;
  /** Where the owner manages endpoints, in the app (the notice's link). */
  manageLink?: string;
  now?: () => Date;
}

const USER_AGENT = 'DocketResearch-Webhooks/1.0';

/**
 * Sends webhook messages the Standard Webhooks way: JSON body {type, timestamp, data}, headers
 * webhook-id (the delivery key, stable across retries so receivers can drop repeats),
 * webhook-timestamp and webhook-signature (v1, HMAC-SHA256 of "id.timestamp.body" with the
 * endpoint's secret). It keeps the endpoint's failure counts; the delivery worker decides when to
 * retry (retry-schedule.ts) and tells recordFinalFailure when it gives up on a message.
 */
export class StandardWebhookSender implements WebhookSender {
  private readonly now: () => Date;

  constructor(private readonly options: WebhookSenderOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async send(message: WebhookMessage): Promise<void> {
    const { endpoints } = this.options;
    const endpoint = await endpoints.find(message.endpointId);
    if (!endpoint || endpoint.ownerUserId !== message.ownerUserId)
      throw new PermanentDeliveryError('the webhook endpoint no longer exists');
    if (endpoint.disabled)
      throw new PermanentDeliveryError(`the webhook endpoint is disabled: ${endpoint.disabledReason}`);

    const url = new URL(endpoint.url);
    let address;
    try {
      address = await this.options.guard.check(url);
    } catch (error) {
      if (error instanceof BlockedAddressError) {
        await this.failed(endpoint, error.message);
        throw new PermanentDeliveryError(error.message);
      }
      if (error instanceof UnresolvedHostError) {
        const reason = 'host not found';
        this.options.logger.info({ endpointId: endpoint.id, err: error }, 'webhook host did not resolve');
        await this.failed(endpoint, reason);
        throw new RetryableDeliveryError(reason);
      }
      throw error;
    }

    const at = this.now();
    const body = webhookBody(message, at);
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': message.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(endpoint.secret).sign(message.id, at, body),
    };
    let status: number;
    try {
      status = await postPinned(url, address, { headers, body, timeoutMs: this.options.timeoutMs });
    } catch (error) {
      // The owner sees the category; the error itself (a TLS library's words, say) only the log.
      const reason = deliveryFailureOf(error);
      const { logger } = this.options;
      logger.info({ endpointId: endpoint.id, host: url.host, reason, err: error }, 'webhook attempt failed');
      await this.failed(endpoint, reason);
      throw new RetryableDeliveryError(reason);
    }

    if (status >= 200 && status < 300) {
      await endpoints.recordSuccess(endpoint.id, this.now());
      return;
    }
    if (status === 410) {
      // 410 Gone: the receiver says this endpoint is retired; no retry, and nothing more is sent to it.
      const reason = `${httpFailure(status)} Gone`;
      await this.failed(endpoint, reason);
      await this.disable(endpoint.id, reason);
      throw new PermanentDeliveryError(reason);
    }
    // Any other answer (4xx included, as the Standard Webhooks spec advises) is retried on the schedule.
    const reason = httpFailure(status);
    await this.failed(endpoint, reason);
    throw new RetryableDeliveryError(reason);
  }

  async recordFinalFailure(endpointId: string, reason: string): Promise<void> {
    const limit = this.options.disableAfterFinalFailures;
    const counted = await this.options.endpoints.recordFinalFailure(endpointId, reason, this.now());
    if (counted && counted.finalFailures < limit) return;
    // Past the limit, or already disabled (a repeated call after a crash makes sure the notice went out).
    await this.disable(
      endpointId,
      `${limit} ${limit === 1 ? 'message' : 'messages in a row'} could not be delivered after 24 hours of retries; ` +
        `the last: ${reason}`,
    );
  }

  async recordSuccess(endpointId: string): Promise<void> {
    await this.options.endpoints.recordSuccess(endpointId, this.now());
  }

  private async failed(endpoint: WebhookEndpointRecord, reason: string): Promise<void> {
    await this.options.endpoints.recordAttemptFailure(endpoint.id, reason, this.now());
  }

  /** Disables the endpoint (if still enabled) and tells its owner, once per disabling. */
  private async disable(endpointId: string, reason: string): Promise<void> {
    const endpoint =
      (await this.options.endpoints.disable(endpointId, reason, this.now())) ??
      (await this.options.endpoints.find(endpointId));
    if (!endpoint?.disabled) return;
    this.options.logger.warn(
      { endpointId, ownerUserId: endpoint.ownerUserId, reason: endpoint.disabledReason },
      'webhook endpoint disabled',
    );
    await this.options.notices.notify({
      key: `webhook-disabled:${endpoint.id}:${endpoint.generation}`,
      ownerUserId: endpoint.ownerUserId,
      kind: 'notice',
      title: 'Webhook endpoint disabled',
      body:
        `Nothing more is sent to ${endpoint.url}: ${endpoint.disabledReason}. ` +
        `Fix the receiver, then enable the endpoint again.`,
      link: this.options.manageLink ?? '/alerts/webhooks',
    });
  }
}
