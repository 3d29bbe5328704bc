import type { Logger } from '@docket/observability';
import type { NotificationSink } from '../domain/delivery-ports';
import { AddressGuard, type ResolveHost } from './address-guard';
import type { WebhookEndpointStore } from './webhook-endpoint';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { StandardWebhookSender } from './webhook.sender';

/** The webhook settings of the alerts config (webhook.config.ts). */
export interface WebhookSettings {
  WEBHOOK_ENDPOINTS_MAX_PER_USER: number;
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: boolean;
  WEBHOOK_ALLOWED_ADDRESSES: string[];
  WEBHOOK_ALLOWED_PORTS: number[];
  WEBHOOK_TIMEOUT_MS: number;
  WEBHOOK_DISABLE_AFTER_FAILURES: number;
}

export interface WebhookParts {
  /** The endpoint RPCs' service; also what matching asks whether an endpoint is the owner's. */
  endpoints: WebhookEndpointsService;
  /** The delivery worker's WebhookSender. */
  sender: StandardWebhookSender;
}

/** Builds the webhook channel from config: one address guard shared by creation and sending. */
export function wireWebhooks(
  settings: WebhookSettings,
  deps: {
    store: WebhookEndpointStore;
    notices: NotificationSink;
    logger: Logger;
    resolve?: ResolveHost;
    now?: () => Date;
  },
): WebhookParts {
  const guard = new AddressGuard(
    {
      allowPrivate: settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      allowed: settings.WEBHOOK_ALLOWED_ADDRESSES,
      allowedPorts: settings.WEBHOOK_ALLOWED_PORTS,
    },
    deps.resolve,
  );
  return {
    endpoints: new WebhookEndpointsService({
      endpoints: deps.store,
      guard,
      maxPerUser: settings.WEBHOOK_ENDPOINTS_MAX_PER_USER,
      now: deps.now,
    }),
    sender: new StandardWebhookSender({
      endpoints: deps.store,
      guard,
      notices: deps.notices,
      logger: deps.logger,
      now: deps.now,
      timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
      disableAfterFinalFailures: settings.WEBHOOK_DISABLE_AFTER_FAILURES,
    }),
  };
}
