import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the corpus load steps back for (UserActivity has the same two members). */
export interface StepBackSignal {
  readonly busy: boolean;
  /** Resolves once not busy, or after `maxWaitMs` all the same. */
  whenQuiet(maxWaitMs: number): Promise<void>;
}

const CHECK_EVERY_MS = 250;

/**
 * Busy while the launcher builds the frontend: `npm start` writes its pid into `file` when a first
 * start's build begins and removes it when the build ends. That build is what a new user waits for,
 * and on two cores the corpus load beside it took CPU from it, so the load steps back as it does for
 * a user's request (2-3 filings a second instead of about 40). A file whose launcher is gone (killed
 * mid-build) holds nothing.
 */
export class LauncherBuildHold implements StepBackSignal {
  private checkedAt = 0;
  private held = false;

  constructor(private readonly file: string, private readonly now: () => number = Date.now) {}

  get busy(): boolean {
    if (this.now() - this.checkedAt >= CHECK_EVERY_MS) {
      this.checkedAt = this.now();
      this.held = launcherAlive(this.file);
    }
    return this.held;
  }

  async whenQuiet(maxWaitMs: number): Promise<void> {
    const until = this.now() + maxWaitMs;
    while (this.busy && this.now() < until) await sleep(Math.min(CHECK_EVERY_MS, Math.max(1, until - this.now())));
  }
}

function launcherAlive(file: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return false; // no build under way
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Busy while any of `signals` is; quiet once all are (or after `maxWaitMs`). */
export function anyBusy(...signals: StepBackSignal[]): StepBackSignal {
  return {
    get busy() {
      return signals.some((signal) => signal.busy);
    },
    async whenQuiet(maxWaitMs: number) {
      const until = Date.now() + maxWaitMs;
      for (;;) {
        const waiting = signals.find((signal) => signal.busy);
        const left = until - Date.now();
        if (!waiting || left <= 0) return;
        await waiting.whenQuiet(Math.min(left, CHECK_EVERY_MS));
      }
    },
  };
}
