import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's CPU fields (USER_HZ: 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  pid: number;
  ppid: number;
  pgrp: number;
  /** Own CPU ticks plus those of its finished (waited-for) children. */
  ticks: number;
}

/**
 * The processes of the group `pgid` and their descendants wherever they run: a part's child may start
 * a session of its own (the query-engine's background embedding process does, for its priority) and
 * is still that part's work. Empty where there is no /proc (not Linux) or the group is gone.
 */
export function processTreeOf(pgid: number): ProcessStat[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const all = entries.filter((entry) => /^\d+$/.test(entry)).flatMap((entry) => {
    const fields = statFields(entry);
    // After "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    if (!fields) return [];
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return [{ pid: Number(entry), ppid: Number(fields[1]), pgrp: Number(fields[2]), ticks }];
  });
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
 * CPU seconds used so far by the process group `pgid` and its descendants (processTreeOf): every live
 * member's own time plus what its finished children used (a build's worker processes come and go).
 * undefined where there is no /proc (not Linux) or the group is gone.
 */
export function groupCpuSeconds(pgid: number): number | undefined {
  const tree = processTreeOf(pgid);
  return tree.length > 0 ? tree.reduce((sum, p) => sum + p.ticks, 0) / TICKS_PER_SECOND : undefined;
}

/** The fields of /proc/<pid>/stat after the command name (which may contain spaces), or undefined. */
function statFields(pid: string): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // exited meanwhile
  }
}

/** Resident memory in MB of the process group `pgid` and its descendants (processTreeOf); 0 when it is gone. */
export function groupRssMb(pgid: number): number {
  return processTreeOf(pgid).reduce((sum, p) => sum + rssKbOf(p.pid), 0) / 1024;
}

function rssKbOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // exited meanwhile
  }
}
