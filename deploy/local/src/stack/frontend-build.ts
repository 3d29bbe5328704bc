import fs from 'node:fs';
import path from 'node:path';

/**
 * `next build` is slow; run it only when the last build is missing or older than the newest
 * source file (app/, components/, lib/, next.config.*, and the top-level .ts files such as
 * middleware.ts and instrumentation.ts).
 */
export function frontendNeedsBuild(frontendDir: string): { needed: boolean; reason: string } {
  const buildId = path.join(frontendDir, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return { needed: true, reason: 'no previous build' };
  const builtAt = fs.statSync(buildId).mtimeMs;
  const newest = newestSource(frontendDir);
  if (newest && newest.mtimeMs > builtAt) {
    return { needed: true, reason: `${path.relative(frontendDir, newest.file)} changed since the last build` };
  }
  return { needed: false, reason: 'the last build is current' };
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

const TIMINGS_FILE = 'frontend-build.json';
/** What a first build takes on a 2-core machine (issue 15: 237 s), until this machine has timed one. */
const FIRST_BUILD_GUESS_SECONDS = 240;

/** How long the last frontend build on this machine took (kept in the jar cache dir), or a guess. */
export function expectedBuildSeconds(cacheDir: string): { seconds: number; measured: boolean } {
  try {
    const { seconds } = JSON.parse(fs.readFileSync(path.join(cacheDir, TIMINGS_FILE), 'utf8')) as { seconds: number };
    if (Number.isFinite(seconds) && seconds > 0) return { seconds, measured: true };
  } catch {
    // no build timed yet
  }
  return { seconds: FIRST_BUILD_GUESS_SECONDS, measured: false };
}

export function recordBuildSeconds(cacheDir: string, seconds: number): void {
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(path.join(cacheDir, TIMINGS_FILE), JSON.stringify({ seconds: Math.round(seconds * 10) / 10 }) + '\n');
}

/** A progress line while the build runs: what is happening and about how long is left. */
export function buildProgressLine(elapsedSeconds: number, expected: { seconds: number; measured: boolean }): string {
  const left = Math.round(expected.seconds - elapsedSeconds);
  const basis = expected.measured ? `the last build here took ${Math.round(expected.seconds)} s` : 'a first build takes about 4 min on 2 cores';
  const estimate = left > 0 ? `about ${left} s left` : 'taking longer than expected (the machine is busy?)';
  return `building the frontend (Next.js production build; everything else is starting meanwhile): ${Math.round(elapsedSeconds)} s so far, ${estimate} (${basis})`;
}

/** The `next` CLI script of the frontend workspace (run with `node`, so no npx/shell in between). */
export function nextBin(frontendDir: string): string {
  const pkg = require.resolve('next/package.json', { paths: [frontendDir] });
  return path.join(path.dirname(pkg), 'dist', 'bin', 'next');
}
