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
    if (
      entry.isFile() &&
      /^(next\.config\.|middleware\.|instrumentation|package\.json$|tsconfig\.json$)/.test(entry.name)
    ) {
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
/** What a first build takes on a 2-core machine, until this machine has timed one (a guess: see below). */
const FIRST_BUILD_GUESS_SECONDS = 70;
/**
 * CPU seconds of a clean build as a first start runs it (its processes' whole group): 64 s wall and
 * 103 CPU-s measured by bench/first-start at load 6-9 with nothing else of the stack's beside it but
 * the infrastructure.
 */
const FIRST_BUILD_GUESS_CPU_SECONDS = 100;

export interface ExpectedBuild {
  seconds: number;
  /** CPU seconds the build needs (its process group, workers included): the work to do, however busy the machine is. */
  cpuSeconds: number;
  measured: boolean;
}

/** How long the last frontend build on this machine took (kept in the jar cache dir), or a guess. */
export function expectedBuildSeconds(cacheDir: string): ExpectedBuild {
  try {
    const { seconds, cpuSeconds } = JSON.parse(fs.readFileSync(path.join(cacheDir, TIMINGS_FILE), 'utf8')) as {
      seconds: number;
      cpuSeconds?: number;
    };
    if (Number.isFinite(seconds) && seconds > 0) {
      const cpu =
        cpuSeconds !== undefined && Number.isFinite(cpuSeconds) && cpuSeconds > 0
          ? cpuSeconds
          : FIRST_BUILD_GUESS_CPU_SECONDS;
      return { seconds, cpuSeconds: cpu, measured: true };
    }
  } catch {
    // no build timed yet
  }
  return { seconds: FIRST_BUILD_GUESS_SECONDS, cpuSeconds: FIRST_BUILD_GUESS_CPU_SECONDS, measured: false };
}

export function recordBuildSeconds(cacheDir: string, seconds: number, cpuSeconds?: number): void {
  fs.mkdirSync(cacheDir, { recursive: true });
  const round = (n: number) => Math.round(n * 10) / 10;
  fs.writeFileSync(
    path.join(cacheDir, TIMINGS_FILE),
    JSON.stringify({ seconds: round(seconds), ...(cpuSeconds ? { cpuSeconds: round(cpuSeconds) } : {}) }) + '\n',
  );
}

/**
 * A progress line while the build runs: what is happening and about how long is left. With the CPU
 * the build has used so far, "left" is the work still to do at the pace it gets now (on a busy
 * machine a wall-clock guess would be far off); without, the last build's wall time.
 */
export function buildProgressLine(elapsedSeconds: number, expected: ExpectedBuild, cpuSoFar?: number): string {
  const what =
    `building the frontend (Next.js production build; the services start once it is done, ` +
    `in about 15 s): ${Math.round(elapsedSeconds)} s so far`;
  if (cpuSoFar !== undefined && cpuSoFar > 0 && elapsedSeconds > 0) {
    const done = Math.min(cpuSoFar / expected.cpuSeconds, 0.99);
    const pace = cpuSoFar / elapsedSeconds; // CPU seconds the build gets per second
    const left = Math.max(1, Math.round((expected.cpuSeconds - cpuSoFar) / pace));
    const estimate = cpuSoFar < expected.cpuSeconds ? `about ${left} s left at the current pace` : 'nearly done';
    return (
      `${what}, ${estimate} (about ${Math.round(done * 100)} % ` +
      `of its ${Math.round(expected.cpuSeconds)} CPU-s of work done, ${pace.toFixed(1)} cores for it)`
    );
  }
  const left = Math.round(expected.seconds - elapsedSeconds);
  const basis = expected.measured
    ? `the last build here took ${Math.round(expected.seconds)} s`
    : `a first build takes about ${Math.round(expected.seconds)} s on 2 cores`;
  const estimate = left > 0 ? `about ${left} s left` : 'taking longer than expected (the machine is busy?)';
  return `${what}, ${estimate} (${basis})`;
}

/** The `next` CLI script of the frontend workspace (run with `node`, so no npx/shell in between). */
export function nextBin(frontendDir: string): string {
  const pkg = require.resolve('next/package.json', { paths: [frontendDir] });
  return path.join(path.dirname(pkg), 'dist', 'bin', 'next');
}
