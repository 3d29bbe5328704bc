import type { ExitInfo } from '../../src/managed-process';
import type { StackStatus } from '../../src/supervise/stack-status';
import { Supervisor, type GiveUpInfo, type SupervisedProcess } from '../../src/supervise/supervisor';

/** A process that exits when the test says so. */
function fakeProcess(pid: number): SupervisedProcess & { exit(info: ExitInfo): void } {
  let exit: (info: ExitInfo) => void = () => undefined;
  const exited = new Promise<ExitInfo>((resolve) => (exit = resolve));
  return { pid, exited, tail: () => [`last line of ${pid}`], exit: (info) => exit(info) };
}

/** Lets pending promise callbacks run (no timers involved). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('supervisor: restarts a crashed part after the back-off, gives up after too many crashes', () => {
  let clock: number;
  let sleeps: number[];
  let lines: string[];
  let statuses: StackStatus[];
  let gaveUp: GiveUpInfo[];
  const make = (maxCrashes = 3) =>
    new Supervisor({
      policy: { initialDelayMs: 1000, maxDelayMs: 30_000, maxCrashes, windowMs: 120_000 },
      log: (line) => lines.push(line),
      onChange: (status) => statuses.push(status),
      onGiveUp: (info) => gaveUp.push(info),
      now: () => clock,
      // The back-off passes on the fake clock at once: nothing sleeps.
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });

  beforeEach(() => {
    clock = Date.parse('2026-03-01T10:00:00Z');
    sleeps = [];
    lines = [];
    statuses = [];
    gaveUp = [];
  });

  it('restarts after 1 s, then 2 s, says so, and counts the restarts in status()', async () => {
    const supervisor = make();
    const first = fakeProcess(100);
    const spawned = [fakeProcess(101), fakeProcess(102)];
    let restarts = 0;
    supervisor.watch({ name: 'alerts', kind: 'service', process: first, restart: async () => spawned[restarts++]! });

    first.exit({ code: null, signal: 'SIGKILL' });
    await settle();
    expect(lines[0]).toBe('alerts exited (SIGKILL); restarting in 1 s (crash 1 in the last 2 min; 3 stop the stack)');
    expect(lines[1]).toBe('alerts is back (healthy 1 s after it exited; restart 1)');
    expect(statuses.some((s) => s.parts[0]?.state === 'restarting')).toBe(true);
    expect(supervisor.status().parts[0]).toMatchObject({ name: 'alerts', state: 'up', pid: 101, restarts: 1 });

    clock += 10_000;
    spawned[0]!.exit({ code: 1, signal: null });
    await settle();
    expect(sleeps).toEqual([1000, 2000]);
    expect(lines[2]).toContain('alerts exited (exit code 1); restarting in 2 s (crash 2');
    const part = supervisor.status().parts[0]!;
    expect(part).toMatchObject({ state: 'up', pid: 102, restarts: 2 });
    expect(part.crashes.map((c) => c.signal ?? c.code)).toEqual(['SIGKILL', 1]);
    expect(gaveUp).toEqual([]);
    await supervisor.stop();
  });

  it('gives up at the third crash within the window and hands over the last lines', async () => {
    const supervisor = make(3);
    const processes = [fakeProcess(1), fakeProcess(2), fakeProcess(3)];
    let next = 1;
    supervisor.watch({
      name: 'query-engine',
      kind: 'service',
      process: processes[0]!,
      restart: async () => processes[next++]!,
    });
    for (const p of processes) {
      p.exit({ code: null, signal: 'SIGKILL' });
      await settle();
    }
    expect(gaveUp).toEqual([
      { name: 'query-engine', code: null, signal: 'SIGKILL', tail: ['last line of 3'], crashesInWindow: 3 },
    ]);
    expect(lines.at(-1)).toBe(
      'query-engine exited (SIGKILL): 3 crashes in the last 2 min, giving up and stopping the stack',
    );
    expect(supervisor.status().parts[0]).toMatchObject({ state: 'down', restarts: 2 });
    await supervisor.stop();
  });

  it('counts a restart that never gets healthy as another crash', async () => {
    const supervisor = make(3);
    const first = fakeProcess(1);
    const healthy = fakeProcess(3);
    let attempts = 0;
    supervisor.watch({
      name: 'kafka',
      kind: 'infrastructure',
      process: first,
      restart: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Kafka at 127.0.0.1:1: not ready after 90000 ms');
        return healthy;
      },
    });
    first.exit({ code: 137, signal: null });
    await settle();
    expect(lines).toContain('kafka did not come back: Kafka at 127.0.0.1:1: not ready after 90000 ms');
    expect(sleeps).toEqual([1000, 2000]);
    expect(supervisor.status().parts[0]).toMatchObject({ state: 'up', pid: 3, restarts: 1 });
    await supervisor.stop();
  });

  it('with restarts off (maxCrashes 1) gives up at the first crash', async () => {
    const supervisor = make(1);
    const only = fakeProcess(7);
    supervisor.watch({ name: 'bff', kind: 'service', process: only, restart: async () => fakeProcess(8) });
    only.exit({ code: 1, signal: null });
    await settle();
    expect(gaveUp).toHaveLength(1);
    expect(lines).toEqual(['bff exited (exit code 1); restarts are off in this profile, stopping the stack']);
    await supervisor.stop();
  });

  it('restarts nothing once stopped (the exits of a deliberate stop are not crashes)', async () => {
    const supervisor = make();
    const p = fakeProcess(9);
    const restart = jest.fn(async () => fakeProcess(10));
    supervisor.watch({ name: 'redis', kind: 'infrastructure', process: p, restart });
    const stopped = supervisor.stop();
    p.exit({ code: 0, signal: null });
    await stopped;
    expect(restart).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });
});
