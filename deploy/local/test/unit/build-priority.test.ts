import { spawnManaged } from '../../src/managed-process';
import { autogroupNice, autogroupsEnabled } from '../../src/stack/autogroup';
import { YIELD_TO_BUILD_NICE, YieldToBuild } from '../../src/stack/build-priority';
import { pollUntil } from '../../src/wait';

// Only where the kernel schedules by session (Linux with autogroups); elsewhere YieldToBuild does nothing.
const onAutogroups = autogroupsEnabled() ? it : it.skip;

describe('YieldToBuild', () => {
  onAutogroups('raises the session nice of every other part while the build runs, including parts started later, and restores it', async () => {
    const idle = ['-e', 'setInterval(() => {}, 1000)'];
    const build = spawnManaged({ name: 'build', command: process.execPath, args: idle });
    const early = spawnManaged({ name: 'early', command: process.execPath, args: idle });
    const yieldToBuild = new YieldToBuild((part) => part === build);
    const late = spawnManaged({ name: 'late', command: process.execPath, args: idle });
    try {
      for (const part of [early, late]) {
        await pollUntil(async () => autogroupNice(part.pid) === YIELD_TO_BUILD_NICE, {
          timeoutMs: 10_000, intervalMs: 50, description: `${part.name}'s session to yield to the build`,
        });
      }
      expect(autogroupNice(build.pid)).toBe(0);

      await yieldToBuild.restore();
      expect([autogroupNice(early.pid), autogroupNice(late.pid), autogroupNice(build.pid)]).toEqual([0, 0, 0]);
    } finally {
      await yieldToBuild.restore();
      await Promise.all([build, early, late].map((part) => part.stop({ timeoutMs: 2000 })));
    }
  });
});
