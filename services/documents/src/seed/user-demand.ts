import type { GrpcServiceBinding } from '@docket/service-kit';

/**
 * Whether users are asking this service for something now, so that background work (the default
 * corpus's load) can step back while they are: a request that waits behind a dozen filings' text
 * analysis and writes on the event loop took about a second while the corpus loaded.
 */
export class UserDemand {
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private quietWaiters: Array<() => void> = [];
  private quietTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: { quietAfterMs: number; now?: () => number }) {}

  /** A user's request arrived. */
  noteRequest(): void {
    this.lastRequestAt = this.now();
  }

  /** Users have asked for something within the last quietAfterMs. */
  get busy(): boolean {
    return this.now() - this.lastRequestAt < this.options.quietAfterMs;
  }

  /** Resolves once no request has arrived for quietAfterMs (at once when none has). */
  whenQuiet(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      this.quietWaiters.push(resolve);
      this.scheduleQuietCheck();
    });
  }

  /** Lets waiting background work go (a stop must not wait for users to go quiet). */
  release(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
    for (const resolve of this.quietWaiters.splice(0)) resolve();
  }

  private scheduleQuietCheck(): void {
    if (this.quietTimer) return;
    const wait = Math.max(1, this.lastRequestAt + this.options.quietAfterMs - this.now());
    this.quietTimer = setTimeout(() => {
      this.quietTimer = undefined;
      if (this.busy) this.scheduleQuietCheck();
      else this.release();
    }, wait);
    this.quietTimer.unref();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/**
 * The same service, each of its calls noting a user's request first, but those named in `except`:
 * a page polling the load's own progress should not slow the load down.
 */
export function notingDemand(binding: GrpcServiceBinding, demand: UserDemand, except: string[] = []): GrpcServiceBinding {
  const implementation = Object.fromEntries(
    Object.entries(binding.implementation).map(([name, handler]) => [
      name,
      except.includes(name) ? handler : (...args: unknown[]) => {
        demand.noteRequest();
        return (handler as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  return { definition: binding.definition, implementation: implementation as GrpcServiceBinding['implementation'] };
}
