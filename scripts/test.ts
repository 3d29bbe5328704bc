/**
 * `npm test`: everything a newcomer needs to trust the build — proto drift, API drift, typecheck,
 * lint, the layout rules (dependency-cruiser), formatting (Prettier), the last four two at a time; then unit tests,
 * integration tests (real Kafka / MongoDB stand-in / Redis started by the launcher, or taken from
 * env), and the browser journey. Every stage runs even when an earlier one
 * failed, so one run shows every problem. Closes with the line `N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = join(__dirname, '..');
/** What Prettier formats (see .prettierignore for what it leaves alone). */
const FORMATTED = ['**/*.{ts,tsx,mjs,cjs,js,css}'];

interface StageResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  /** What failed, a line each, repeated in the summary so the end of a long log names it. */
  failures?: string[];
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output (stdout and stderr, in order) kept, to be printed when it is done. */
function runKeepingOutput(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

interface Check {
  name: string;
  command: string;
  args: string[];
}

/** A check that is one test: passes when the command exits 0. Its output is printed once it is done. */
async function check({ name, command, args }: Check): Promise<StageResult & { output: string }> {
  const started = Date.now();
  const { code, output } = await runKeepingOutput(command, args);
  const header = `\n━━ ${name}: ${command} ${args.join(' ')}\n`;
  const seconds = (Date.now() - started) / 1000;
  return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds, output: header + output };
}

/**
 * Checks in lanes that run side by side, each lane's one after the other: the static checks are
 * single-threaded, so two lanes use both cores of a small CI machine. Their outputs and results come
 * in the order listed, once all are done.
 */
async function runChecks(lanes: Check[][]): Promise<StageResult[]> {
  const order = lanes.flat();
  const together = lanes.length > 1 ? `, ${lanes.length} at a time` : '';
  console.log(`\n━━ ${order.map((c) => c.name).join(', ')}${together} (each one's output follows when all are done)`);
  const done = new Map<string, StageResult & { output: string }>();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const one of lane) done.set(one.name, await check(one));
    }),
  );
  return order.map((one) => {
    const { output, ...result } = done.get(one.name) as StageResult & { output: string };
    process.stdout.write(output);
    return result;
  });
}

/** A jest project: counts its individual tests; a suite that fails to run counts as one failure. */
async function jestProject(name: string, project: string, extraArgs: string[] = []): Promise<StageResult> {
  const started = Date.now();
  const output = join(mkdtempSync(join(tmpdir(), 'docket-jest-')), 'result.json');
  console.log(`\n━━ ${name}`);
  const code = await run('npx', [
    'jest',
    '--selectProjects',
    project,
    '--json',
    `--outputFile=${output}`,
    ...extraArgs,
  ]);
  const seconds = (Date.now() - started) / 1000;
  if (!existsSync(output)) return { name, passed: 0, failed: 1, seconds };
  const result = JSON.parse(readFileSync(output, 'utf8')) as JestResult;
  const brokenSuites = result.numRuntimeErrorTestSuites;
  const noTests = result.numTotalTests === 0 ? 1 : 0;
  const failed =
    result.numFailedTests + brokenSuites + noTests + (code !== 0 && result.numFailedTests + brokenSuites === 0 ? 1 : 0);
  return { name, passed: result.numPassedTests, failed, seconds, failures: failuresIn(result) };
}

interface JestResult {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  numTotalTests: number;
  testResults: {
    name: string;
    message: string;
    assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
  }[];
}

/** Each failed test (or suite that did not run) with the first line of its error, colour codes removed. */
function failuresIn(result: JestResult): string[] {
  const firstLine = (text: string) =>
    stripVTControlCharacters(text)
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line && !line.startsWith('●')) ?? '';
  const lines: string[] = [];
  for (const suite of result.testResults) {
    const file = suite.name.startsWith(root) ? suite.name.slice(root.length + 1) : suite.name;
    const failedTests = suite.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests)
      lines.push(`${file} › ${test.fullName}: ${firstLine(test.failureMessages.join('\n'))}`);
    if (failedTests.length === 0 && suite.message) lines.push(`${file}: ${firstLine(suite.message)}`);
  }
  return lines;
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: StageResult[] = [];
  results.push(
    // The drift checks first, one after the other: they regenerate files that the others read.
    ...(await runChecks([
      [
        { name: 'proto drift', command: 'bash', args: ['scripts/proto-check.sh'] },
        { name: 'api drift', command: 'bash', args: ['scripts/api-check.sh'] },
      ],
    ])),
    ...(await runChecks([
      [
        { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
        { name: 'structure', command: 'npm', args: ['run', '--silent', 'structure'] },
      ],
      [
        { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
        { name: 'format', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', ...FORMATTED] },
      ],
    ])),
  );
  results.push(await jestProject('unit tests', 'unit'));
  results.push(await jestProject('integration tests', 'integration', ['--runInBand']));
  results.push(await jestProject('browser journey', 'e2e', ['--runInBand']));

  console.log('\n━━ summary');
  for (const r of results) {
    console.log(
      `  ${r.failed === 0 ? '✔' : '✘'} ${r.name.padEnd(18)} ` +
        `${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s`,
    );
    for (const failure of r.failures ?? []) console.log(`      ✘ ${failure.slice(0, 300)}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log(`  wall time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
