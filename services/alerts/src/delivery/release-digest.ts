import { DEFAULT_TIME_ZONE } from '../domain/alert-definition';
import type { DeliveryRecord } from '../domain/delivery';
import { releaseKeys, type ReleaseNotice } from '../domain/release-notice';
import { isDigestDue } from './digest-window';

/**
 * The daily digest of a user without any daily alert, when it only has data products to tell: the hour
 * and zone a new alert's schedule starts with, so it comes when theirs would.
 */
export const DEFAULT_RELEASE_DIGEST = { cadence: 'daily', hour: 8, weekday: 0, timeZone: DEFAULT_TIME_ZONE } as const;

/**
 * Whether held release e-mails go out in this window. Data subscriptions have no schedule of their own:
 * they ride the user's first daily digest that comes (any of their active daily alerts' hour in its zone),
 * or, with no daily alert, a daily digest of their own at the default hour.
 */
export function releaseDigestDue(
  dailyAlerts: ReadonlyArray<Parameters<typeof isDigestDue>[0] & { paused: boolean }>,
  windowStart: Date,
): boolean {
  const active = dailyAlerts.filter((a) => !a.paused && a.cadence === 'daily');
  if (active.length === 0) return isDigestDue(DEFAULT_RELEASE_DIGEST, windowStart);
  return active.some((a) => isDigestDue(a, windowStart));
}

/** The notices of held release e-mails, in the order they were recorded. */
export function noticesOf(held: readonly DeliveryRecord[]): ReleaseNotice[] {
  return held.flatMap((d) => (d.release ? [d.release] : []));
}

/** The keys of the release e-mails a digest carries: marked sent once it is recorded. */
export function carriedReleaseKeys(digest: Pick<DeliveryRecord, 'releases'>): string[] {
  return (digest.releases ?? []).map((n) => releaseKeys.delivery(n.subscriptionId, n.releaseId, 'email'));
}
