/**
 * When a failed webhook message is tried again: the Standard Webhooks / Svix schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h), then one last try so that the whole run spans 24 h after the first
 * attempt; after it the message has failed for good. The delivery worker (BullMQ) uses
 * webhookRetryDelayMs as its job's custom back-off and WEBHOOK_MAX_ATTEMPTS as its attempts.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const WEBHOOK_RETRY_WINDOW_MS = 24 * HOUR;

const BASE_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];

/** The delays after the 1st, 2nd, … failed attempt; their sum is exactly the 24 h window. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  ...BASE_DELAYS_MS,
  WEBHOOK_RETRY_WINDOW_MS - BASE_DELAYS_MS.reduce((sum, delay) => sum + delay, 0),
]);

/** The first attempt and every retry. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/**
 * The wait before the next attempt after `attemptsMade` attempts have failed (1 after the first
 * failure, as BullMQ counts); null when the message should not be tried again.
 */
export function webhookRetryDelayMs(attemptsMade: number): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) return null;
  return WEBHOOK_RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}
