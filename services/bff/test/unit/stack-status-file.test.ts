import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StackStatusFile } from '../../src/admin/stack-status.file';

describe("the launcher's status file, as the BFF reads it", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-stack-status-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const status = {
    supervisor: 'npm start',
    startedAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:05:00.000Z',
    policy: { maxCrashes: 5, windowMs: 120_000 },
    parts: [
      {
        name: 'alerts',
        kind: 'service',
        state: 'up',
        pid: 4242,
        since: '2026-03-01T09:04:10.000Z',
        restarts: 1,
        crashes: [{ at: '2026-03-01T09:04:00.000Z', code: null, signal: 'SIGKILL' }],
      },
    ],
  };

  it('returns the status the launcher wrote', async () => {
    const file = path.join(dir, 'stack-status.json');
    fs.writeFileSync(file, JSON.stringify(status));
    expect(await new StackStatusFile(file).read()).toEqual(status);
  });

  it('returns null without a file configured, before the launcher wrote it, or for something else', async () => {
    expect(await new StackStatusFile(undefined).read()).toBeNull();
    expect(await new StackStatusFile(path.join(dir, 'missing.json')).read()).toBeNull();
    const other = path.join(dir, 'other.json');
    fs.writeFileSync(other, 'not json');
    expect(await new StackStatusFile(other).read()).toBeNull();
    fs.writeFileSync(other, JSON.stringify({ parts: 'no' }));
    expect(await new StackStatusFile(other).read()).toBeNull();
  });
});
