import { spawn } from 'node:child_process';
import { printedPid } from '@docket/testkit';
import {
  groupCpuSeconds,
  groupCpuSecondsApart,
  groupHasLiveMember,
  groupMemoryMb,
  processTreeOf,
} from '../../src/stack/process-tree';
import { pollUntil } from '../../src/wait';

describe('a process group and its descendants', () => {
  it('adds up the CPU a process group has used, and says nothing for a group that does not exist', async () => {
    // A child in its own group that keeps one core busy until killed.
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { detached: true, stdio: 'ignore' });
    try {
      const pgid = busy.pid!;
      await pollUntil(async () => (groupCpuSeconds(pgid) ?? 0) >= 0.2, {
        timeoutMs: 30_000,
        intervalMs: 50,
        description: 'the busy child to use 0.2 CPU-s',
      });
      expect(groupCpuSeconds(pgid)).toBeGreaterThanOrEqual(0.2);
    } finally {
      process.kill(-busy.pid!, 'SIGKILL');
    }
    expect(groupCpuSeconds(2 ** 22 + 7)).toBeUndefined();
    expect(groupMemoryMb(2 ** 22 + 7, 'rss')).toBe(0);
  });

  it("counts a child that started a session of its own as its parent group's", async () => {
    // The group leader starts a busy grandchild in a new session (detached) and prints its pid.
    const leader = spawn(
      process.execPath,
      [
        '-e',
        `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { detached: true, stdio: 'ignore' });
      console.log('PID ' + child.pid);
      setInterval(() => {}, 1000);
    `,
      ],
      { detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let grandchild = 0;
    try {
      grandchild = await printedPid(leader.stdout!);
      const pgid = leader.pid!;
      await pollUntil(async () => (groupCpuSeconds(pgid) ?? 0) >= 0.2, {
        timeoutMs: 30_000,
        intervalMs: 50,
        description: "the grandchild's CPU to count",
      });
      expect(processTreeOf(pgid).map((p) => [p.pid, p.command])).toEqual(
        expect.arrayContaining([
          [pgid, 'node'],
          [grandchild, 'node'],
        ]),
      );
      expect(groupMemoryMb(pgid, 'rss')).toBeGreaterThan(10); // two Node processes
      // Apart: the busy grandchild's CPU is what the group started, the idle leader's its own.
      await pollUntil(async () => (groupCpuSecondsApart(pgid)?.started ?? 0) >= 0.5, {
        timeoutMs: 30_000,
        intervalMs: 50,
        description: "the grandchild's CPU to count as started by the group",
      });
      const apart = groupCpuSecondsApart(pgid);
      expect(apart?.group).toBeLessThan(apart?.started ?? 0);
    } finally {
      if (grandchild) process.kill(grandchild, 'SIGKILL');
      process.kill(-leader.pid!, 'SIGKILL');
    }
  });

  it('says a group whose only process is a zombie has no live member, and a running group has one', async () => {
    // bash with job control puts the background `sleep` in a group of its own; the exec'd `sleep 30`
    // that becomes its parent never reaps it, so once it ends it stays a zombie, alone in its group.
    const parent = spawn('bash', ['-c', 'set -m; sleep 0.2 & echo "PID $!"; exec sleep 30'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const orphan = await printedPid(parent.stdout!);
      await pollUntil(async () => processTreeOf(orphan)[0]?.state === 'Z', {
        timeoutMs: 10_000,
        intervalMs: 20,
        description: 'the background sleep to end',
      });
      expect(groupHasLiveMember(orphan)).toBe(false);
      expect(groupHasLiveMember(parent.pid!)).toBe(true);
    } finally {
      process.kill(-parent.pid!, 'SIGKILL');
    }
  });
});
