import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's CPU fields (USER_HZ: 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by the process group `pgid`: every live member's own time plus what its
 * finished children used (a build's worker processes come and go). undefined where there is no
 * /proc (not Linux) or the group is gone.
 */
export function groupCpuSeconds(pgid: number): number | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  let ticks = 0;
  let members = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    // After "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    if (!fields || Number(fields[2]) !== pgid) continue;
    members++;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return members > 0 ? ticks / TICKS_PER_SECOND : undefined;
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
