import fs from 'node:fs';

/**
 * Linux shares the CPU between sessions ("autogroups", /proc/sys/kernel/sched_autogroup_enabled)
 * before it shares it between processes, and a process's own nice value counts only inside its
 * session. Every part the launcher starts is a session of its own (spawnManaged: detached), so the
 * frontend build got one share among ten or more busy sessions on a first start. A session's nice
 * (/proc/<pid>/autogroup) is what weighs; unlike a process's, its owner may set it back down to 0.
 */

/** Whether this kernel schedules by session (false where there is no such file: not Linux, or built without it). */
export function autogroupsEnabled(): boolean {
  try {
    return fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
}

/** The nice value of the session of `pid`, or undefined (gone, or no autogroups). */
export function autogroupNice(pid: number): number | undefined {
  try {
    const match = /nice (-?\d+)/.exec(fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sets the nice value (0..19) of the session of `pid`. 'busy': the kernel lets an unprivileged user
 * change one session's nice per 100 ms (EAGAIN), try again later. 'failed': the process is gone, or
 * there are no autogroups.
 */
export function setAutogroupNice(pid: number, nice: number): 'set' | 'busy' | 'failed' {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return 'set';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EAGAIN' ? 'busy' : 'failed';
  }
}
