import type { Logger } from '@docket/observability';

/**
 * How often the documents service is told at most. Below its quiet window (500 ms after the last
 * call it heard), so that it stays stepped back for as long as users keep asking.
 */
export const USER_ACTIVITY_SIGNAL_EVERY_MS = 200;

/**
 * Tells the documents service that users are asking for something, at most once per `everyMs`.
 * Many of their requests are answered by this BFF alone (the document views it keeps) or by other
 * services, so the documents service would not see them, and its background work (the default
 * corpus's load) would take the two cores they need. Fire and forget: a signal that fails is logged
 * only, and the user's request never waits for it.
 */
export class UserActivitySignal {
  private lastSentAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly send: () => Promise<void>,
    private readonly logger: Pick<Logger, 'debug'>,
    private readonly everyMs = USER_ACTIVITY_SIGNAL_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  note(): void {
    const now = this.now();
    if (now - this.lastSentAt < this.everyMs) return;
    this.lastSentAt = now;
    this.send().catch((error: unknown) =>
      this.logger.debug({ err: error }, 'could not tell the documents service that users are active'),
    );
  }
}
