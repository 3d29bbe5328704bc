import type { Logger } from '@docket/observability';
import type { ComputedReleasesJob } from './computed-releases.job';

/** When the index holds what the documents service has: nothing left to index, no corpus still loading. */
export interface IndexSettled {
  settled(): Promise<boolean>;
}

/** A first look soon after start; until the index has settled, a look again this often. */
const FIRST_LOOK_MS = 15_000;
const UNSETTLED_RETRY_MS = 60_000;

/**
 * Runs the computed releases job when a month may be over: soon after start and then every
 * `everyMs`, one run at a time, and only once the index has settled (a release computed from a
 * half-loaded index would publish proceedings as missing).
 */
export class ComputedReleasesSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      job: Pick<ComputedReleasesJob, 'run'>;
      index: IndexSettled;
      everyMs: number;
      logger: Logger;
    },
  ) {}

  start(): void {
    if (this.deps.everyMs > 0) this.next(FIRST_LOOK_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private next(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.look().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async look(): Promise<void> {
    let delay = this.deps.everyMs;
    try {
      if (await this.deps.index.settled()) await this.deps.job.run();
      else delay = Math.min(delay, UNSETTLED_RETRY_MS);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'computed data product releases failed; the next look retries');
      delay = Math.min(delay, UNSETTLED_RETRY_MS * 5);
    }
    this.next(delay);
  }
}
