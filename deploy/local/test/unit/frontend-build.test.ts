import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { frontendNeedsBuild } from '../../src/stack/frontend-build';

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
    expect(frontendNeedsBuild(dir)).toEqual({ needed: true, reason: `${path.join('components', 'nav.tsx')} changed since the last build` });
  });
});
