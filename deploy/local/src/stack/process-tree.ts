import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's CPU fields (USER_HZ: 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  pid: number;
  /** The executable's name (/proc/<pid>/comm: 'node', 'java', 'sh', ...). */
  command: string;
  /** R running, S sleeping, Z zombie (exited, not yet reaped by its parent), ... */
  state: string;
  ppid: number;
  pgrp: number;
  /** Own CPU ticks plus those of its finished (waited-for) children. */
  ticks: number;
  /** Own CPU ticks alone. */
  ownTicks: number;
}

/**
 * The processes of the group `pgid` and their descendants wherever they run: a part's child may start
 * a session of its own (the query-engine's background embedding process does, for its priority) and
 * is still that part's work. Empty where there is no /proc (not Linux) or the group is gone.
 */
export function processTreeOf(pgid: number): ProcessStat[] {
  const all = allProcesses() ?? [];
  const members = new Set(all.filter((p) => p.pgrp === pgid).map((p) => p.pid));
  if (members.size === 0) return [];
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!members.has(p.pid) && members.has(p.ppid)) {
        members.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => members.has(p.pid));
}

/**
 * Whether a process of the group `pgid` still runs; undefined where there is no /proc. A zombie does
 * not count: it holds no port and no file, and an init that reaps orphans lazily (this machine's takes
 * up to 2 s) would otherwise hold up a restart that long.
 */
export function groupHasLiveMember(pgid: number): boolean | undefined {
  return allProcesses()?.some((p) => p.pgrp === pgid && p.state !== 'Z');
}

/** Every process /proc lists, or undefined where there is no /proc (not Linux). */
function allProcesses(): ProcessStat[] | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      const stat = readStat(entry);
      if (!stat) return [];
      // After "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
      const { command, fields } = stat;
      const ownTicks = Number(fields[11]) + Number(fields[12]);
      const ticks = ownTicks + Number(fields[13]) + Number(fields[14]);
      return [
        {
          pid: Number(entry),
          command,
          state: fields[0] ?? '',
          ppid: Number(fields[1]),
          pgrp: Number(fields[2]),
          ticks,
          ownTicks,
        },
      ];
    });
}

/**
 * CPU seconds used so far by the process group `pgid` and its descendants (processTreeOf): every live
 * member's own time plus what its finished children used (a build's worker processes come and go).
 * undefined where there is no /proc (not Linux) or the group is gone.
 */
export function groupCpuSeconds(pgid: number): number | undefined {
  const tree = processTreeOf(pgid);
  return tree.length > 0 ? tree.reduce((sum, p) => sum + p.ticks, 0) / TICKS_PER_SECOND : undefined;
}

/**
 * groupCpuSeconds in two: the group's own processes, and the processes they started in sessions of
 * their own (the query-engine's background embedding processes), finished ones included (a finished
 * child's CPU is in its parent's children's time). undefined where groupCpuSeconds is.
 */
export function groupCpuSecondsApart(pgid: number): { group: number; started: number } | undefined {
  const tree = processTreeOf(pgid);
  if (tree.length === 0) return undefined;
  let group = 0;
  let started = 0;
  for (const p of tree) {
    if (p.pgrp === pgid) {
      group += p.ownTicks;
      started += p.ticks - p.ownTicks;
    } else {
      started += p.ticks;
    }
  }
  return { group: group / TICKS_PER_SECOND, started: started / TICKS_PER_SECOND };
}

/** The command name in /proc/<pid>/stat and the fields after it (the name may contain spaces), or undefined. */
function readStat(pid: string): { command: string; fields: string[] } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const end = stat.lastIndexOf(')');
    return { command: stat.slice(stat.indexOf('(') + 1, end), fields: stat.slice(end + 2).split(' ') };
  } catch {
    return undefined; // exited meanwhile
  }
}

/**
 * Resident memory in MB of the process group `pgid` and its descendants (processTreeOf); 0 when it is
 * gone. 'rss' counts every page a process maps, so pages several processes share (the node executable's
 * code, ~45 MB in each Node process) count once for each; 'pss' divides each shared page among the
 * processes that map it, so PSS adds up across processes to the memory they really take together.
 */
export function groupMemoryMb(pgid: number, measure: 'rss' | 'pss'): number {
  return processTreeOf(pgid).reduce((sum, p) => sum + processMemoryKb(p.pid, measure), 0) / 1024;
}

/** Resident memory in kB of one process (see groupMemoryMb for the two measures); 0 when it is gone. */
export function processMemoryKb(pid: number, measure: 'rss' | 'pss'): number {
  try {
    const file = measure === 'rss' ? `/proc/${pid}/status` : `/proc/${pid}/smaps_rollup`;
    const match = (measure === 'rss' ? /^VmRSS:\s+(\d+) kB/m : /^Pss:\s+(\d+) kB/m).exec(fs.readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // exited meanwhile
  }
}
