/**
 * First start after a clone, and the start after it (figures, never pass/fail).
 *
 *   npx tsx bench/first-start.bench.ts [--clone <dir>] [--keep]
 *
 * Clones this repository's HEAD (committed work only) into a temp dir, runs `npm ci` there (timed
 * on its own), then starts the stack as `npm start` does until the login page is served: a fresh
 * frontend build, the services compiled, the jars copied into the clone's empty .cache/ (Maven's
 * ~/.m2 and npm's ~/.npm are the machine's, as for any second clone), Zipkin, the MongoDB stand-in
 * on its H2 file; the test profile only for free ports, so it runs beside another engineer's
 * `npm start`. Then it stops and starts again (nothing to build): a later start.
 * --clone <dir>: reuse a clone that has node_modules (no clone, no npm ci): everything git ignores
 * but node_modules is removed first, then npm ci's postinstall (the jars) runs again, timed apart,
 * so the start is a first start after `npm ci` again.
 * Prints seconds to /login, the build's wall and CPU seconds, each part's CPU seconds at ready and
 * the load average at start and end (the machine is shared: quote it beside the figures).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@docket/local-infra';

interface StartFigures {
  seconds: number;
  timings: { infraSeconds: number; servicesSeconds: number; frontendBuildSeconds?: number };
  cpuSecondsByPart: Record<string, number>;
}

/**
 * Runs the launcher in the clone as its own process (so its start is counted, as `npm start`'s is)
 * and reports when /login is served.
 */
const CHILD_SCRIPT = `
import { liveManagedProcesses, startStack } from './deploy/local/src/index';
import { groupCpuSeconds } from './deploy/local/src/stack/process-tree';
async function main() {
  const stack = await startStack({
    profile: 'test', dataDir: process.env.FIRST_START_DATA_DIR, mongoStorage: 'h2', zipkin: true,
    env: { LOG_LEVEL: 'warn' }, log: (m) => process.stderr.write('[stack] ' + m + '\\n'),
  });
  const seconds = (Date.now() - performance.timeOrigin) / 1000;
  const cpuSecondsByPart = Object.fromEntries(liveManagedProcesses().map((p) => [p.name, groupCpuSeconds(p.pid) ?? 0]));
  process.stdout.write('FIRST_START ' + JSON.stringify({ seconds, timings: stack.timings, cpuSecondsByPart }) + '\\n');
  await stack.stop();
  process.exit(0);
}
void main().catch((err) => { console.error(err); process.exit(1); });
`;

const load = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

/** Wall and CPU seconds (its process and every child it waited for, from the shell's `times`) of a command. */
function timed(command: string, cwd: string): { wallSeconds: number; cpuSeconds: number } {
  const started = Date.now();
  const out = execFileSync('bash', ['-c', `${command} >&2; times`], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const children = out.trim().split('\n').at(-1) ?? '';
  const cpuSeconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, m) => sum + Number(m[1]) * 60 + Number(m[2]),
    0,
  );
  return { wallSeconds: (Date.now() - started) / 1000, cpuSeconds };
}

/** What git ignores in the clone (builds, caches, data, dist/), node_modules excepted. */
function resetToFreshClone(clone: string): void {
  const ignored = execFileSync('git', ['ls-files', '--others', '--ignored', '--exclude-standard', '--directory'], {
    cwd: clone,
    encoding: 'utf8',
  });
  for (const entry of ignored.split('\n').filter(Boolean)) {
    if (entry.split('/').includes('node_modules') || entry === '.first-start.ts') continue;
    fs.rmSync(path.join(clone, entry), { recursive: true, force: true });
  }
}

async function startOnce(clone: string, dataDir: string): Promise<StartFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', '.first-start.ts'], {
    cwd: clone,
    env: { ...process.env, FIRST_START_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let figures: StartFigures | undefined;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const match = /^FIRST_START (.*)$/m.exec(buffered);
    if (match?.[1]) figures = JSON.parse(match[1]) as StartFigures;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (!figures) throw new Error(`the start in ${clone} failed (exit ${code})`);
  return figures;
}

function report(label: string, figures: StartFigures, buildCpuSeconds: number | undefined, loadBefore: string): void {
  const build = figures.timings.frontendBuildSeconds;
  console.log(
    `${label}: /login served after ${figures.seconds.toFixed(1)} s` +
      (build !== undefined
        ? ` (frontend build ${build.toFixed(1)} s wall, ${buildCpuSeconds?.toFixed(1) ?? '?'} CPU-s)`
        : ' (nothing to build)') +
      `, infrastructure ${figures.timings.infraSeconds.toFixed(1)} s, ` +
      `services ready at ${figures.timings.servicesSeconds.toFixed(1)} s` +
      `; load average before ${loadBefore}, after ${load()}`,
  );
  const parts = Object.entries(figures.cpuSecondsByPart).sort((a, b) => b[1] - a[1]);
  const total = parts.reduce((sum, [, s]) => sum + s, 0);
  console.log(
    `  CPU-s of the running parts at ready: ${total.toFixed(1)} in all; ` +
      parts.map(([n, s]) => `${n} ${s.toFixed(1)}`).join(', '),
  );
}

async function main(): Promise<void> {
  const given = arg('--clone');
  const clone = given ? path.resolve(given) : fs.mkdtempSync(path.join(os.tmpdir(), 'docket-first-start-'));
  try {
    if (given) {
      resetToFreshClone(clone);
      // What `npm ci` does after installing the packages (its postinstall: the jars), timed apart as npm ci is.
      const loadBefore = load();
      const postinstall = timed('npm run postinstall', clone);
      console.log(
        `reusing ${clone} (its node_modules kept; everything else git ignores removed); ` +
          `npm ci's postinstall again: ${postinstall.wallSeconds.toFixed(1)} s wall, ` +
          `${postinstall.cpuSeconds.toFixed(1)} CPU-s; load average before ${loadBefore}, after ${load()}`,
      );
    } else {
      execFileSync('git', ['clone', '--quiet', repoRoot, clone], { stdio: 'inherit' });
      const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim();
      const loadBefore = load();
      const ci = timed('npm ci --no-audit --no-fund', clone);
      console.log(
        `clone of ${commit} in ${clone}; ` +
          `npm ci: ${ci.wallSeconds.toFixed(1)} s wall, ${ci.cpuSeconds.toFixed(1)} CPU-s ` +
          `(npm's cache ~/.npm is the machine's); load average before ${loadBefore}, after ${load()}`,
      );
    }
    fs.writeFileSync(path.join(clone, '.first-start.ts'), CHILD_SCRIPT);
    const dataDir = path.join(clone, '.data');

    const loadBeforeFirst = load();
    const first = await startOnce(clone, dataDir);
    const buildCpu = (
      JSON.parse(fs.readFileSync(path.join(clone, '.cache', 'frontend-build.json'), 'utf8')) as { cpuSeconds?: number }
    ).cpuSeconds;
    report('first start', first, buildCpu, loadBeforeFirst);

    const loadBeforeLater = load();
    const later = await startOnce(clone, dataDir);
    report('later start', later, undefined, loadBeforeLater);
  } finally {
    if (process.argv.includes('--keep') || given) console.log(`kept ${clone}`);
    else fs.rmSync(clone, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
