import { setMaxListeners } from 'node:events';
import type { ExitInfo } from '../managed-process';
import { RestartPolicy, type RestartPolicyOptions } from './restart-policy';
import type { PartKind, PartStatus, StackStatus } from './stack-status';

/** What the supervisor needs of a running process (a ManagedProcess, or a fake in tests). */
export interface SupervisedProcess {
  readonly pid: number;
  readonly exited: Promise<ExitInfo>;
  tail(lines?: number): string[];
}

export interface SupervisedPart {
  name: string;
  kind: PartKind;
  process: SupervisedProcess;
  /** Starts the part again; resolves once its health check passes, rejects if it dies or never gets healthy. */
  restart(): Promise<SupervisedProcess>;
}

export interface GiveUpInfo extends ExitInfo {
  name: string;
  tail: string[];
  crashesInWindow: number;
}

export interface SupervisorOptions {
  policy: RestartPolicyOptions;
  log(message: string): void;
  /** Called after every change of state (to write the status file). */
  onChange?(status: StackStatus): void;
  /** Too many crashes of one part: the caller stops the stack. */
  onGiveUp(info: GiveUpInfo): void;
  /** Injected in tests: the clock and the back-off wait (which must end early when `signal` aborts). */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const KEPT_CRASHES = 10;

/**
 * Watches every part of the stack; when one exits on its own it is restarted after the policy's
 * back-off and waited for until healthy again, unless it crashed too often in the window (then
 * onGiveUp). Everything it does is said on the console and kept in status() for /catalog-status.
 */
export class Supervisor {
  private readonly parts = new Map<string, PartStatus>();
  private readonly stopping = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly startedAt: number;

  constructor(private readonly opts: SupervisorOptions) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? abortableSleep;
    this.startedAt = this.now();
    // Each watched part waits on it: a stack has a dozen parts, above Node's leak warning at 10.
    setMaxListeners(64, this.stopping.signal);
  }

  watch(part: SupervisedPart): void {
    this.parts.set(part.name, {
      name: part.name,
      kind: part.kind,
      state: 'up',
      pid: part.process.pid,
      since: iso(this.now()),
      restarts: 0,
      crashes: [],
    });
    this.loops.push(this.supervise(part));
    this.changed();
  }

  status(): StackStatus {
    const { maxCrashes, windowMs } = this.opts.policy;
    return {
      supervisor: 'npm start',
      startedAt: iso(this.startedAt),
      updatedAt: iso(this.now()),
      policy: { maxCrashes, windowMs },
      parts: [...this.parts.values()].map((p) => ({ ...p, crashes: [...p.crashes] })),
    };
  }

  /**
   * Stops supervising: pending back-offs end, nothing more is restarted. Resolves once every watch
   * loop has returned (a restart in progress must be ended by its caller, e.g. by stopping the stack).
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.loops);
  }

  private async supervise(part: SupervisedPart): Promise<void> {
    const policy = new RestartPolicy(this.opts.policy);
    const status = this.parts.get(part.name)!;
    let current = part.process;
    const stopped = new Promise<'stopped'>((resolve) =>
      this.stopping.signal.addEventListener('abort', () => resolve('stopped'), { once: true }),
    );
    for (;;) {
      const exit = await Promise.race([current.exited, stopped]);
      if (exit === 'stopped' || this.stopping.signal.aborted) return;
      const crashedAt = this.now();
      const decision = policy.onCrash(crashedAt);
      status.state = 'down';
      status.since = iso(crashedAt);
      status.pid = undefined;
      status.crashes = [...status.crashes, { at: iso(crashedAt), code: exit.code, signal: exit.signal }].slice(
        -KEPT_CRASHES,
      );
      const how = describeExit(exit);
      const window = `${formatSeconds(this.opts.policy.windowMs)}`;
      if (decision.action === 'give-up') {
        this.opts.log(
          this.opts.policy.maxCrashes <= 1
            ? `${part.name} exited (${how}); restarts are off in this profile, stopping the stack`
            : `${part.name} exited (${how}): ${decision.crashesInWindow} crashes ` +
                `in the last ${window}, giving up and stopping the stack`,
        );
        this.changed();
        this.opts.onGiveUp({
          name: part.name,
          ...exit,
          tail: current.tail(40),
          crashesInWindow: decision.crashesInWindow,
        });
        return;
      }
      status.state = 'restarting';
      status.nextRestartAt = iso(crashedAt + decision.delayMs);
      this.opts.log(
        `${part.name} exited (${how}); restarting in ${formatSeconds(decision.delayMs)} ` +
          `(crash ${decision.crashesInWindow} in the last ${window}; ${this.opts.policy.maxCrashes} stop the stack)`,
      );
      this.changed();
      await this.sleep(decision.delayMs, this.stopping.signal);
      if (this.stopping.signal.aborted) return;
      status.nextRestartAt = undefined;
      try {
        current = await part.restart();
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        const message = err instanceof Error ? err.message : String(err);
        this.opts.log(`${part.name} did not come back: ${message}`);
        // Counts as another crash of the part: the loop applies the policy again.
        current = { pid: 0, exited: Promise.resolve({ code: null, signal: null }), tail: () => message.split('\n') };
        continue;
      }
      if (this.stopping.signal.aborted) return;
      status.state = 'up';
      status.pid = current.pid;
      status.since = iso(this.now());
      status.restarts += 1;
      this.opts.log(
        `${part.name} is back (healthy ${formatSeconds(this.now() - crashedAt)} after it exited; ` +
          `restart ${status.restarts})`,
      );
      this.changed();
    }
  }

  private changed(): void {
    this.opts.onChange?.(this.status());
  }
}

function describeExit(exit: ExitInfo): string {
  if (exit.signal) return exit.signal;
  if (exit.code === null) return 'failed to start';
  return `exit code ${exit.code}`;
}

function formatSeconds(ms: number): string {
  if (ms >= 120_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
