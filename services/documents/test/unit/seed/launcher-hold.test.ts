import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { anyBusy, LauncherBuildHold, type StepBackSignal } from '../../../src/seed/launcher-hold';

const dir = mkdtempSync(join(tmpdir(), 'launcher-hold-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LauncherBuildHold', () => {
  it('is busy while the file names a live launcher, and quiet once the file is gone', async () => {
    const file = join(dir, 'building');
    let clock = 0;
    const hold = new LauncherBuildHold(file, () => clock);
    expect(hold.busy).toBe(false);
    writeFileSync(file, `${process.pid}\n`);
    clock += 250; // looked up again at most every 250 ms
    expect(hold.busy).toBe(true);
    rmSync(file);
    expect(hold.busy).toBe(true); // still the last look
    clock += 250;
    expect(hold.busy).toBe(false);
  });

  it('holds nothing when the launcher that wrote the file is gone', async () => {
    const file = join(dir, 'stale');
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(file, `${child.pid}\n`);
    expect(new LauncherBuildHold(file).busy).toBe(false);
    writeFileSync(file, 'not a pid\n');
    expect(new LauncherBuildHold(file).busy).toBe(false);
  });

  it('whenQuiet returns once the build ends', async () => {
    const file = join(dir, 'ends');
    writeFileSync(file, `${process.pid}\n`);
    const hold = new LauncherBuildHold(file);
    expect(hold.busy).toBe(true);
    const quiet = hold.whenQuiet(60_000);
    setTimeout(() => rmSync(file), 50);
    await quiet;
    expect(hold.busy).toBe(false);
  });
});

describe('anyBusy', () => {
  /** A signal busy until `quiet()` is called. */
  function signal(busy: boolean): StepBackSignal & { quiet(): void } {
    const waiters: Array<() => void> = [];
    return {
      get busy() {
        return busy;
      },
      whenQuiet: (maxWaitMs) => new Promise<void>((resolve) => {
        if (!busy) return resolve();
        waiters.push(resolve);
        setTimeout(resolve, maxWaitMs);
      }),
      quiet() {
        busy = false;
        waiters.splice(0).forEach((resolve) => resolve());
      },
    };
  }

  it('is busy while any is, and quiet once all are', async () => {
    const users = signal(false);
    const build = signal(true);
    const both = anyBusy(users, build);
    expect(both.busy).toBe(true);
    const quiet = both.whenQuiet(60_000);
    build.quiet();
    await quiet;
    expect(both.busy).toBe(false);
  });

  it('gives up waiting after maxWaitMs', async () => {
    const both = anyBusy(signal(true));
    const started = Date.now();
    await both.whenQuiet(30);
    expect(both.busy).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
