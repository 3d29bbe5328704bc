import fs from 'node:fs';
import { autogroupNice, autogroupsEnabled } from '../../src/autogroup';
import { BACKGROUND_NICENESS, spawnManaged } from '../../src/managed-process';
import { pollUntil } from '../../src/wait';

// Only where the kernel schedules by session (Linux with autogroups); elsewhere a process's nice is all there is.
const onAutogroups = autogroupsEnabled() ? it : it.skip;

/** The nice value of the process `pid` itself (field 19 of /proc/<pid>/stat). */
function processNice(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('a background part (niceness)', () => {
  onAutogroups('runs at that nice and so does its session, which is what weighs against the other parts', async () => {
    const idle = ['-e', 'setInterval(() => {}, 1000)'];
    const background = spawnManaged({
      name: 'background',
      command: process.execPath,
      args: idle,
      niceness: BACKGROUND_NICENESS,
    });
    const foreground = spawnManaged({ name: 'foreground', command: process.execPath, args: idle });
    try {
      // Unprivileged, the kernel allows one session change per 100 ms: it may take a retry.
      await pollUntil(async () => autogroupNice(background.pid) === BACKGROUND_NICENESS, {
        timeoutMs: 5000,
        intervalMs: 20,
        description: 'the background session to be lowered',
      });
      expect(autogroupNice(foreground.pid)).toBe(0);
      // The watchdog shell execs `nice`, which execs the program: same pid.
      await pollUntil(async () => processNice(background.pid) === BACKGROUND_NICENESS, {
        timeoutMs: 5000,
        intervalMs: 20,
        description: 'the program to run under nice',
      });
      expect(processNice(foreground.pid)).toBe(0);
    } finally {
      await Promise.all([background.stop({ timeoutMs: 2000 }), foreground.stop({ timeoutMs: 2000 })]);
    }
  });
});
