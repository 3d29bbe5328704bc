import fs from 'node:fs';
import path from 'node:path';

/**
 * `next build` is slow; run it only when the last build is missing or older than the newest
 * source file (app/, components/, lib/, next.config.*, and the top-level .ts files such as
 * middleware.ts and instrumentation.ts).
 */
export function frontendNeedsBuild(frontendDir: string, buildEnv: Record<string, string>): { needed: boolean; reason: string } {
  const buildId = path.join(frontendDir, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return { needed: true, reason: 'no previous build' };
  // next.config rewrites (BFF_URL) are baked into the build's routes manifest.
  // A build made by hand (next build) has no record: assume next.config's defaults were used.
  const previous = readBuildEnv(frontendDir) ?? DEFAULT_BUILD_ENV;
  for (const [key, value] of Object.entries(buildEnv)) {
    if (previous?.[key] !== value) return { needed: true, reason: `the last build used a different ${key}` };
  }
  const builtAt = fs.statSync(buildId).mtimeMs;
  const newest = newestSource(frontendDir);
  if (newest && newest.mtimeMs > builtAt) {
    return { needed: true, reason: `${path.relative(frontendDir, newest.file)} changed since the last build` };
  }
  return { needed: false, reason: 'the last build is current' };
}

const BUILD_ENV_FILE = 'docket-build-env.json';
const DEFAULT_BUILD_ENV: Record<string, string> = { BFF_URL: 'http://127.0.0.1:4000' };

function readBuildEnv(frontendDir: string): Record<string, string> | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(frontendDir, '.next', BUILD_ENV_FILE), 'utf8')) as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** Remembers the env a successful build was made with (see frontendNeedsBuild). */
export function recordBuildEnv(frontendDir: string, buildEnv: Record<string, string>): void {
  fs.writeFileSync(path.join(frontendDir, '.next', BUILD_ENV_FILE), JSON.stringify(buildEnv, null, 2) + '\n');
}

function newestSource(frontendDir: string): { file: string; mtimeMs: number } | undefined {
  const candidates: string[] = [];
  for (const dir of ['app', 'components', 'lib', 'public']) {
    const full = path.join(frontendDir, dir);
    if (!fs.existsSync(full)) continue;
    for (const entry of fs.readdirSync(full, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) candidates.push(path.join(entry.parentPath, entry.name));
    }
  }
  for (const entry of fs.readdirSync(frontendDir, { withFileTypes: true })) {
    if (entry.isFile() && /^(next\.config\.|middleware\.|instrumentation|package\.json$|tsconfig\.json$)/.test(entry.name)) {
      candidates.push(path.join(frontendDir, entry.name));
    }
  }
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const file of candidates) {
    const mtimeMs = fs.statSync(file).mtimeMs;
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/** The `next` CLI script of the frontend workspace (run with `node`, so no npx/shell in between). */
export function nextBin(frontendDir: string): string {
  const pkg = require.resolve('next/package.json', { paths: [frontendDir] });
  return path.join(path.dirname(pkg), 'dist', 'bin', 'next');
}
