import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildProgressLine,
  expectedBuildSeconds,
  frontendNeedsBuild,
  recordBuildSeconds,
} from '../../src/stack/frontend-build';

describe('frontendNeedsBuild', () => {
  let dir: string;
  const touch = (file: string, mtime: Date) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), 'x');
    fs.utimesSync(path.join(dir, file), mtime, mtime);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontend-build-'));
    touch('app/page.tsx', new Date(2026, 0, 1));
    touch('next.config.ts', new Date(2026, 0, 1));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds when there is no previous build', () => {
    expect(frontendNeedsBuild(dir)).toEqual({ needed: true, reason: 'no previous build' });
  });

  it('does not build when the build is newer than every source', () => {
    touch('.next/BUILD_ID', new Date(2026, 0, 2));
    expect(frontendNeedsBuild(dir).needed).toBe(false);
  });

  it('builds when a source file changed after the build', () => {
    touch('.next/BUILD_ID', new Date(2026, 0, 2));
    touch('components/nav.tsx', new Date(2026, 0, 3));
    expect(frontendNeedsBuild(dir)).toEqual({
      needed: true,
      reason: `${path.join('components', 'nav.tsx')} changed since the last build`,
    });
  });
});

describe('frontend build progress', () => {
  it('expects the last build time recorded on this machine, or a first-build guess', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'build-timings-'));
    try {
      expect(expectedBuildSeconds(cache)).toEqual({ seconds: 70, cpuSeconds: 100, measured: false });
      recordBuildSeconds(cache, 61.24, 80.06);
      expect(expectedBuildSeconds(cache)).toEqual({ seconds: 61.2, cpuSeconds: 80.1, measured: true });
      recordBuildSeconds(cache, 65);
      expect(expectedBuildSeconds(cache)).toEqual({ seconds: 65, cpuSeconds: 100, measured: true });
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it('says how long the build has run and about how long is left, or that it is late', () => {
    expect(buildProgressLine(15, { seconds: 60, cpuSeconds: 90, measured: true })).toContain(
      '15 s so far, about 45 s left (the last build here took 60 s)',
    );
    expect(buildProgressLine(30, { seconds: 70, cpuSeconds: 100, measured: false })).toContain(
      'about 40 s left (a first build takes about 70 s on 2 cores)',
    );
    expect(buildProgressLine(90, { seconds: 60, cpuSeconds: 90, measured: true })).toContain(
      'taking longer than expected',
    );
  });

  it('with the CPU the build has used, says what is left of its work at the pace it gets now', () => {
    // 30 of 90 CPU-s in 60 s: half a core, so 60 CPU-s more take about 120 s.
    expect(buildProgressLine(60, { seconds: 50, cpuSeconds: 90, measured: true }, 30)).toContain(
      '60 s so far, about 120 s left at the current pace (about 33 % of its 90 CPU-s of work done, 0.5 cores for it)',
    );
    expect(buildProgressLine(60, { seconds: 50, cpuSeconds: 90, measured: true }, 95)).toContain('nearly done');
  });
});
