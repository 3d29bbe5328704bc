/** What the webhooks feature offers the rest of the service. */
export { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from './retry-schedule';
export { alertWebhookData } from './webhook-payload';
