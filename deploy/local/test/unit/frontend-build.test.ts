import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { frontendNeedsBuild, recordBuildEnv } from '../../src/stack/frontend-build';

describe('frontendNeedsBuild', () => {
  let dir: string;
  const env = { BFF_URL: 'http://127.0.0.1:4000' };
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
    expect(frontendNeedsBuild(dir, env)).toEqual({ needed: true, reason: 'no previous build' });
  });

  it('does not build when the build is newer than every source and used the same BFF_URL', () => {
    touch('.next/BUILD_ID', new Date(2026, 0, 2));
    recordBuildEnv(dir, env);
    expect(frontendNeedsBuild(dir, env).needed).toBe(false);
  });

  it('builds when a source file changed after the build', () => {
    touch('.next/BUILD_ID', new Date(2026, 0, 2));
    touch('components/nav.tsx', new Date(2026, 0, 3));
    expect(frontendNeedsBuild(dir, env)).toEqual({ needed: true, reason: `${path.join('components', 'nav.tsx')} changed since the last build` });
  });

  it('builds when the BFF_URL baked into the rewrites differs', () => {
    touch('.next/BUILD_ID', new Date(2026, 0, 2));
    recordBuildEnv(dir, env);
    expect(frontendNeedsBuild(dir, { BFF_URL: 'http://127.0.0.1:4100' })).toEqual({ needed: true, reason: 'the last build used a different BFF_URL' });
  });
});
