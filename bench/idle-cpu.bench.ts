/**
 * The CPU an idle stack uses (figures, never pass/fail): the stack as bench:ingest starts it (test
 * profile, no frontend, no default corpus, MongoDB on its H2 file store), left alone for --settle
 * seconds after it is ready, then the CPU of every part (with what it started) over --seconds, in
 * CPU-ms per second. What an idle part spends is spent whatever it does: consumers polling Kafka,
 * heartbeats, the controller's own records. It is also in every ingest figure, spread over the
 * filings of the run (about 0.8 CPU-ms a filing at 125 filings/s for 100 CPU-ms a second).
 *
 *   npx tsx bench/idle-cpu.bench.ts
 *   npx tsx bench/idle-cpu.bench.ts --settle 60 --seconds 120
 *
 * Prints the figures and the load average; writes .data/bench/idle-cpu.json.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { printTable, round, writeBenchResult } from './support/bench-output';
import { cpuSecondsBetween, cpuSecondsByPart, startBenchStack } from './support/bench-stack';

const { values: args } = parseArgs({
  options: { settle: { type: 'string', default: '30' }, seconds: { type: 'string', default: '60' } },
});
const SETTLE_SECONDS = Number(args.settle);
const MEASURED_SECONDS = Number(args.seconds);

async function main(): Promise<void> {
  const bench = await startBenchStack({ h2MongoHeap: '2g', env: { SEED_CORPUS: 'false' } });
  try {
    // The start's own work (schema, first connections, consumer groups joining) is over by then.
    await sleep(SETTLE_SECONDS * 1000);
    const before = cpuSecondsByPart();
    const started = performance.now();
    await sleep(MEASURED_SECONDS * 1000);
    const seconds = (performance.now() - started) / 1000;
    const perPart = cpuSecondsBetween(before, cpuSecondsByPart());
    const total = perPart.reduce((sum, [, cpu]) => sum + cpu, 0);
    const cpuMsPerSecond = [...perPart, ['all parts', total] as [string, number]].map(
      ([name, cpu]): [string, number] => [name, round((cpu * 1000) / seconds, 1)],
    );
    const loadAverage = round(os.loadavg()[0] ?? 0, 2);
    printTable(`Idle stack: CPU-ms per second over ${round(seconds)} s, ${SETTLE_SECONDS} s after it was ready`, [
      ...cpuMsPerSecond,
      ['load average (1 min) at the end', loadAverage],
    ]);
    const file = writeBenchResult('idle-cpu', {
      settleSeconds: SETTLE_SECONDS,
      seconds: round(seconds, 1),
      cpuMsPerSecond: Object.fromEntries(cpuMsPerSecond),
      loadAverage,
    });
    console.log(`written to ${file}`);
  } finally {
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
