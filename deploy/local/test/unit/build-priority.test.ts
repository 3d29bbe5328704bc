import { spawnManaged } from '../../src/managed-process';
import { autogroupNice, autogroupsEnabled } from '../../src/autogroup';
import { YIELD_TO_BUILD_NICE, YieldToBuild } from '../../src/stack/build-priority';
import { pollUntil } from '../../src/wait';

// Only where the kernel schedules by session (Linux with autogroups); elsewhere YieldToBuild does nothing.
const onAutogroups = autogroupsEnabled() ? it : it.skip;

describe('YieldToBuild', () => {
  onAutogroups('raises the session nice of parts reported ready while the build runs, not of parts still starting, and restores it', async () => {
    const idle = ['-e', 'setInterval(() => {}, 1000)'];
    const [beforeBuild, ready, starting, afterBuild] = ['before-build', 'ready', 'starting', 'after-build'].map((name) =>
      spawnManaged({ name, command: process.execPath, args: idle }),
    ) as [ReturnType<typeof spawnManaged>, ReturnType<typeof spawnManaged>, ReturnType<typeof spawnManaged>, ReturnType<typeof spawnManaged>];
    const yieldToBuild = new YieldToBuild();
    try {
      yieldToBuild.ready(beforeBuild); // no build yet: nothing to yield to
      yieldToBuild.begin();
      yieldToBuild.ready(ready);
      // Unprivileged, the kernel allows one change per 100 ms: it may take a retry.
      await pollUntil(async () => autogroupNice(ready.pid) === YIELD_TO_BUILD_NICE, { timeoutMs: 5000, intervalMs: 20, description: 'the ready part to yield' });
      expect([autogroupNice(beforeBuild.pid), autogroupNice(ready.pid), autogroupNice(starting.pid)]).toEqual([0, YIELD_TO_BUILD_NICE, 0]);

      await yieldToBuild.restore();
      yieldToBuild.ready(afterBuild);
      expect([ready, starting, afterBuild].map((part) => autogroupNice(part.pid))).toEqual([0, 0, 0]);
    } finally {
      await yieldToBuild.restore();
      await Promise.all([beforeBuild, ready, starting, afterBuild].map((part) => part.stop({ timeoutMs: 2000 })));
    }
  });
});
