import type { StackPartStatus, StackStatus } from './types';

export interface PartRow {
  name: string;
  kind: StackPartStatus['kind'];
  state: StackPartStatus['state'];
  since: string;
  restarts: number;
  /** Crashes within the policy's window, the number that stops the stack when it reaches maxCrashes. */
  recentCrashes: number;
  lastCrash: { at: string; cause: string } | null;
  nextRestartAt: string | null;
}

const STATE_ORDER: Record<StackPartStatus['state'], number> = { down: 0, restarting: 1, up: 2 };

/** One row per part, problems first (down, restarting, then those that restarted), in start order otherwise. */
export function partRows(status: StackStatus, now: number): PartRow[] {
  const rows = status.parts.map((part, index) => {
    const last = part.crashes.at(-1);
    const row: PartRow = {
      name: part.name,
      kind: part.kind,
      state: part.state,
      since: part.since,
      restarts: part.restarts,
      recentCrashes: part.crashes.filter((c) => now - Date.parse(c.at) < status.policy.windowMs).length,
      lastCrash: last ? { at: last.at, cause: exitCause(last) } : null,
      nextRestartAt: part.nextRestartAt ?? null,
    };
    return { row, index };
  });
  rows.sort(
    (a, b) =>
      STATE_ORDER[a.row.state] - STATE_ORDER[b.row.state] ||
      Number(b.row.restarts > 0) - Number(a.row.restarts > 0) ||
      a.index - b.index,
  );
  return rows.map((r) => r.row);
}

/** "killed (SIGKILL)", "exit code 1", "did not start". */
export function exitCause(crash: { code: number | null; signal: string | null }): string {
  if (crash.signal) return `killed (${crash.signal})`;
  if (crash.code === null) return 'did not start';
  return `exit code ${crash.code}`;
}

export function stackSummary(status: StackStatus): { up: number; restarting: number; down: number; restarts: number } {
  const count = (state: StackPartStatus['state']) => status.parts.filter((p) => p.state === state).length;
  return {
    up: count('up'),
    restarting: count('restarting'),
    down: count('down'),
    restarts: status.parts.reduce((sum, p) => sum + p.restarts, 0),
  };
}
