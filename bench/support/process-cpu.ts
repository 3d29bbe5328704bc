import fs from 'node:fs';
import { liveManagedProcesses } from '@docket/local-infra';

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times (100 on every common kernel). */
const CLOCK_TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuSeconds: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may hold spaces; utime and stime are fields 14 and 15.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return { pid, ppid: Number(fields[1]), comm: text.slice(text.indexOf('(') + 1, close), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return undefined; // gone
  }
}

/**
 * CPU seconds used so far by every process under this one, summed by part: a process the launcher
 * started counts under its part's name, and its own children (e.g. the query-engine's embedding
 * process) under that part plus their command name.
 */
export function cpuSecondsByPart(): Map<string, number> {
  const stats = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map((name) => readStat(Number(name))).filter((s): s is ProcStat => s !== undefined);
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const partOf = new Map(liveManagedProcesses().map((p) => [p.pid, p.name]));
  const totals = new Map<string, number>();
  for (const stat of stats) {
    let label: string | undefined;
    for (let at: ProcStat | undefined = stat, depth = 0; at && depth < 20; at = byPid.get(at.ppid), depth += 1) {
      const part = partOf.get(at.pid);
      if (part) {
        label = at === stat ? part : `${part}/${stat.comm}`;
        break;
      }
    }
    if (label) totals.set(label, (totals.get(label) ?? 0) + stat.cpuSeconds);
  }
  return totals;
}

/** CPU milliseconds per second of each part between two readings of cpuSecondsByPart, busiest first. */
export function cpuRateByPart(before: Map<string, number>, after: Map<string, number>, seconds: number): Array<[string, number]> {
  return [...after]
    .map(([label, total]): [string, number] => [label, Math.round(((total - (before.get(label) ?? 0)) * 1000) / seconds)])
    .filter(([, rate]) => rate > 0)
    .sort((a, b) => b[1] - a[1]);
}
