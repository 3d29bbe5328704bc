import { liveManagedProcesses, type ManagedProcess } from '../managed-process';
import { autogroupNice, autogroupsEnabled, setAutogroupNice } from './autogroup';

/** The session nice of every other part while the frontend build runs: CPU weight 110 against the build's 1024. */
export const YIELD_TO_BUILD_NICE = 10;
const CHECK_EVERY_MS = 250;
/** The kernel's rate limit for unprivileged changes is one per 100 ms. */
const RETRY_AFTER_MS = 110;

/**
 * While the frontend build runs, every other part the launcher starts (infrastructure, services)
 * has its session's nice raised, so that on a first start the build, which everything ends up
 * waiting for, gets most of the CPU instead of one share among a dozen starting processes; they use
 * what it leaves. restore() puts each session back to the nice it had. A no-op without autogroups.
 */
export class YieldToBuild {
  private readonly lowered = new Map<ManagedProcess, number>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly isBuild: (part: ManagedProcess) => boolean, private readonly nice = YIELD_TO_BUILD_NICE) {
    if (!autogroupsEnabled()) return;
    this.lowerNewParts();
    this.timer = setInterval(() => this.lowerNewParts(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** Parts it has lowered so far (for tests and the log). */
  get loweredCount(): number {
    return this.lowered.size;
  }

  private lowerNewParts(): void {
    for (const part of liveManagedProcesses()) {
      if (this.lowered.has(part) || this.isBuild(part)) continue;
      const before = autogroupNice(part.pid);
      if (before === undefined || before >= this.nice) continue;
      const result = setAutogroupNice(part.pid, this.nice);
      if (result === 'busy') return; // rate-limited: the next check continues
      if (result === 'set') this.lowered.set(part, before);
    }
  }

  /** Stops lowering new parts and gives every lowered one that still runs its own nice back. */
  async restore(): Promise<void> {
    clearInterval(this.timer);
    for (const [part, before] of this.lowered) {
      for (let attempt = 0; attempt < 20 && part.isRunning(); attempt++) {
        if (setAutogroupNice(part.pid, before) !== 'busy') break;
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      }
    }
    this.lowered.clear();
  }
}
