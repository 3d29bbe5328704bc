import { exitCause, partRows, stackSummary } from '@/lib/stack-status-view';
import type { StackStatus } from '@/lib/types';

const now = Date.parse('2026-03-01T10:10:00Z');
const status: StackStatus = {
  supervisor: 'npm start',
  startedAt: '2026-03-01T09:00:00Z',
  updatedAt: '2026-03-01T10:09:58Z',
  policy: { maxCrashes: 5, windowMs: 120_000 },
  parts: [
    { name: 'kafka', kind: 'infrastructure', state: 'up', since: '2026-03-01T09:00:10Z', restarts: 0, crashes: [] },
    {
      name: 'alerts',
      kind: 'service',
      state: 'up',
      since: '2026-03-01T09:30:05Z',
      restarts: 1,
      crashes: [{ at: '2026-03-01T09:30:00Z', code: null, signal: 'SIGKILL' }],
    },
    {
      name: 'query-engine',
      kind: 'service',
      state: 'restarting',
      since: '2026-03-01T10:09:58Z',
      restarts: 1,
      nextRestartAt: '2026-03-01T10:10:00Z',
      crashes: [
        { at: '2026-03-01T10:05:00Z', code: 1, signal: null },
        { at: '2026-03-01T10:09:58Z', code: null, signal: 'SIGKILL' },
      ],
    },
  ],
};

describe('process health on /catalog-status', () => {
  it('lists parts that are not up first, then those that restarted, then the rest in start order', () => {
    expect(partRows(status, now).map((r) => r.name)).toEqual(['query-engine', 'alerts', 'kafka']);
  });

  it('counts only the crashes inside the policy window, and says how the last one ended', () => {
    const [engine, alerts] = partRows(status, now);
    expect(engine).toMatchObject({
      recentCrashes: 1,
      lastCrash: { at: '2026-03-01T10:09:58Z', cause: 'killed (SIGKILL)' },
      nextRestartAt: '2026-03-01T10:10:00Z',
    });
    expect(alerts).toMatchObject({ recentCrashes: 0, restarts: 1 });
  });

  it('summarises the stack', () => {
    expect(stackSummary(status)).toEqual({ up: 2, restarting: 1, down: 0, restarts: 2 });
    expect(exitCause({ code: 1, signal: null })).toBe('exit code 1');
    expect(exitCause({ code: null, signal: null })).toBe('did not start');
  });
});
