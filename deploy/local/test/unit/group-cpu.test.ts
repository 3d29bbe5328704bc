import { spawn } from 'node:child_process';
import { groupCpuSeconds } from '../../src/stack/group-cpu';
import { pollUntil } from '../../src/wait';

describe('groupCpuSeconds', () => {
  it('adds up the CPU a process group has used, and says nothing for a group that does not exist', async () => {
    // A child in its own group that keeps one core busy until killed.
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { detached: true, stdio: 'ignore' });
    try {
      const pgid = busy.pid!;
      await pollUntil(async () => (groupCpuSeconds(pgid) ?? 0) >= 0.2, { timeoutMs: 30_000, intervalMs: 50, description: 'the busy child to use 0.2 CPU-s' });
      expect(groupCpuSeconds(pgid)).toBeGreaterThanOrEqual(0.2);
    } finally {
      process.kill(-busy.pid!, 'SIGKILL');
    }
    expect(groupCpuSeconds(2 ** 22 + 7)).toBeUndefined();
  });
});
