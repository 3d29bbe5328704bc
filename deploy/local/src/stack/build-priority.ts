import type { ManagedProcess } from '../managed-process';
import { autogroupNice, autogroupsEnabled, setAutogroupNice } from '../autogroup';

/** The session nice of a ready part while the frontend build runs: CPU weight 110 against the build's 1024. */
export const YIELD_TO_BUILD_NICE = 10;
/** The kernel lets an unprivileged user change one session's nice per 100 ms. */
const RETRY_AFTER_MS = 110;

/**
 * While the frontend build runs, the parts reported ready (the launcher does so once every backend
 * passed its health check) have their sessions' nice raised: what they do next (loading the default
 * corpus, indexing, embedding) then takes the CPU the build, which a first start still waits for,
 * leaves. Not before they are all ready: start-up has timeouts, and one part's start needs the
 * others. restore() gives every part its nice back when the build ends. A no-op without autogroups
 * (see autogroup.ts).
 */
export class YieldToBuild {
  private readonly lowered = new Map<ManagedProcess, number>();
  private readonly waiting: ManagedProcess[] = [];
  private building = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly nice = YIELD_TO_BUILD_NICE) {}

  /** The build has started: parts ready from now on yield to it. */
  begin(): void {
    this.building = autogroupsEnabled();
  }

  /** These parts passed their health checks (ignored when no build runs). */
  ready(...parts: ManagedProcess[]): void {
    if (!this.building) return;
    this.waiting.push(...parts);
    this.lowerWaiting();
  }

  /** Parts lowered so far. */
  get loweredCount(): number {
    return this.lowered.size;
  }

  private lowerWaiting(): void {
    clearTimeout(this.retry);
    for (let part = this.waiting[0]; part && this.building; part = this.waiting[0]) {
      const before = part.isRunning() && !this.lowered.has(part) ? autogroupNice(part.pid) : undefined;
      if (before !== undefined && before < this.nice) {
        const result = setAutogroupNice(part.pid, this.nice);
        if (result === 'busy') {
          this.retry = setTimeout(() => this.lowerWaiting(), RETRY_AFTER_MS).unref();
          return;
        }
        if (result === 'set') this.lowered.set(part, before);
      }
      this.waiting.shift();
    }
  }

  /** The build has ended: every lowered part that still runs gets its own nice back; later parts are left alone. */
  async restore(): Promise<void> {
    this.building = false;
    clearTimeout(this.retry);
    this.waiting.length = 0;
    for (const [part, before] of this.lowered) {
      for (let attempt = 0; attempt < 20 && part.isRunning(); attempt++) {
        if (setAutogroupNice(part.pid, before) !== 'busy') break;
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      }
    }
    this.lowered.clear();
  }
}
