import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { setAutogroupNice } from './autogroup';
import { groupHasLiveMember } from './stack/process-tree';

/**
 * Child processes owned by the launcher. Each runs in its own process group (detached) so that
 * stop() can take down the whole tree, and the terminal's Ctrl-C reaches only us: we stop the
 * children in order. A tiny shell watchdog in the same group holds the read end of a pipe from us;
 * if we die without cleaning up (even SIGKILL), the pipe closes and it sends SIGTERM to the group.
 */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  /** Resolves when the main process has exited. */
  readonly exited: Promise<ExitInfo>;
  isRunning(): boolean;
  /** The last lines the child wrote (stdout and stderr interleaved). */
  tail(lines?: number): string[];
  /** SIGTERM to the group, SIGKILL after timeoutMs; resolves once the child is gone. */
  stop(opts?: { timeoutMs?: number }): Promise<ExitInfo>;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnManagedOptions {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Appends every output line to this file. */
  logFile?: string;
  /** Called for every output line. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** How many lines tail() keeps; default 200. */
  tailSize?: number;
  /**
   * Runs the program under `nice -n <niceness>` (every thread it starts inherits it) and gives its
   * session the same nice, so that background parts yield the CPU to those answering a user on a
   * busy machine. Both are needed: each part is a session of its own (detached), and where Linux
   * schedules by session (autogroups, see autogroup.ts) a process's nice weighs only inside it.
   * Default 0.
   */
  niceness?: number;
}

// `cat` keeps the pipe from the parent open; on EOF (parent gone) the group gets SIGTERM.
// The real program gets /dev/null as stdin so only the watchdog holds the pipe.
const WATCHDOG = 'exec 3<&0; (cat <&3 >/dev/null 2>&1; kill -TERM 0) & exec 3<&- 0</dev/null; exec "$0" "$@"';

/**
 * The niceness of parts no user request waits on (Kafka, Zipkin, the mail catcher); see SpawnManagedOptions.niceness.
 */
export const BACKGROUND_NICENESS = 10;

const live = new Set<ManagedProcessImpl>();
let hooksInstalled = false;

export function spawnManaged(opts: SpawnManagedOptions): ManagedProcess {
  installProcessHooks();
  return new ManagedProcessImpl(opts);
}

/** Sends a signal to every live child group at once (used on exit; synchronous). */
export function signalAllManaged(signal: NodeJS.Signals): void {
  for (const p of live) killGroup(p.pid, signal);
}

/**
 * Sets the session's nice of a part just spawned (a no-op without autogroups). An unprivileged user
 * may change one session's nice per 100 ms, so a refused change is tried again a few times.
 */
function lowerSession(pid: number, niceness: number, attemptsLeft = 20): void {
  if (setAutogroupNice(pid, niceness) !== 'busy' || attemptsLeft === 0) return;
  setTimeout(() => lowerSession(pid, niceness, attemptsLeft - 1), 110).unref();
}

export function liveManagedProcesses(): ManagedProcess[] {
  return [...live];
}

class ManagedProcessImpl implements ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly exited: Promise<ExitInfo>;
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private readonly tailSize: number;
  private running = true;

  constructor(opts: SpawnManagedOptions) {
    this.name = opts.name;
    this.tailSize = opts.tailSize ?? 200;
    const logStream = opts.logFile ? openLog(opts.logFile) : undefined;
    const program = opts.niceness ? ['nice', '-n', String(opts.niceness), opts.command] : [opts.command];
    this.child = spawn('/bin/sh', ['-c', WATCHDOG, ...program, ...opts.args], {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    if (this.child.pid === undefined) throw new Error(`${opts.name}: could not spawn ${opts.command}`);
    this.pid = this.child.pid;
    live.add(this);
    if (opts.niceness) lowerSession(this.pid, opts.niceness);
    this.child.stdin?.on('error', () => undefined);

    const onLine = (stream: 'stdout' | 'stderr') => (line: string) => {
      this.lines.push(line);
      if (this.lines.length > this.tailSize) this.lines.shift();
      logStream?.write(line + '\n');
      opts.onLine?.(line, stream);
    };
    const closed: Promise<void>[] = [];
    for (const stream of ['stdout', 'stderr'] as const) {
      const source = this.child[stream];
      if (!source) continue;
      const rl = readline.createInterface({ input: source, crlfDelay: Infinity });
      rl.on('line', onLine(stream));
      closed.push(new Promise((resolve) => rl.once('close', () => resolve())));
    }

    this.exited = new Promise<ExitInfo>((resolve) => {
      const finish = (info: ExitInfo) => {
        this.running = false;
        live.delete(this);
        // The watchdog may still be alive in the group: closing its pipe makes it exit,
        // and SIGKILL makes sure nothing else the child forked stays behind.
        this.child.stdin?.destroy();
        killGroup(this.pid, 'SIGKILL');
        // Resolve only once the whole group is gone (reaped), and pending output has drained
        // (without ever hanging on either).
        let drainTimer: NodeJS.Timeout | undefined;
        const drainLimit = new Promise<void>((done) => (drainTimer = setTimeout(done, 500)));
        const drained = Promise.race([Promise.all(closed), drainLimit]).then(() => clearTimeout(drainTimer));
        void Promise.all([waitForGroupGone(this.pid, 3000), drained]).then(() => {
          logStream?.end();
          resolve(info);
        });
      };
      this.child.once('exit', (code, signal) => finish({ code, signal }));
      this.child.once('error', (err) => {
        this.lines.push(`spawn error: ${err.message}`);
        finish({ code: null, signal: null });
      });
    });
  }

  isRunning(): boolean {
    return this.running;
  }

  tail(count = 40): string[] {
    return this.lines.slice(-count);
  }

  async stop(opts: { timeoutMs?: number } = {}): Promise<ExitInfo> {
    if (!this.running) return this.exited;
    killGroup(this.pid, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), opts.timeoutMs ?? 15_000)),
    );
    const outcome = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (outcome !== 'timeout') return outcome;
    killGroup(this.pid, 'SIGKILL');
    return this.exited;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function groupExists(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForGroupGone(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (groupRunning(pid) && Date.now() < deadline) await delay(20);
}

/** Whether a process of the group still runs (zombies left for init to reap do not count; see groupHasLiveMember). */
function groupRunning(pid: number): boolean {
  return groupExists(pid) && (groupHasLiveMember(pid) ?? true);
}

function openLog(file: string): fs.WriteStream {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const stream = fs.createWriteStream(file, { flags: 'a' });
  stream.on('error', () => undefined);
  return stream;
}

// Not unref'd on purpose: while a stop is in progress these timers must keep the process alive,
// or it would exit (code 0) before the caller's shutdown finishes.
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Safety net: when this process exits, every child group still alive gets SIGTERM. On a signal,
 * if nobody else listens for it (a library use such as jest's global setup), we do the same and
 * re-raise it so the default behaviour (exit) still happens. Apps with their own handlers
 * (npm start, the CLI) stop the children themselves, in order.
 */
function installProcessHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => signalAllManaged('SIGTERM'));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = (): void => {
      if (process.listenerCount(signal) > 1) return;
      signalAllManaged('SIGTERM');
      process.removeListener(signal, handler);
      process.kill(process.pid, signal);
    };
    process.on(signal, handler);
  }
}
