import { readFileSync } from 'node:fs';

/**
 * The calling thread's CPU time in ms, from Linux's /proc/thread-self: schedstat's first field (ns),
 * else stat's utime + stime (10 ms ticks); 0 where there is neither. Node 20 has no per-thread CPU
 * clock, and process.cpuUsage() counts every thread.
 */
export function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    // no schedstat (a kernel without scheduler statistics): fall back to stat
  }
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
