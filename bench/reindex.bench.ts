/**
 * A re-index of the whole corpus (figures, never pass/fail): the query-engine pages through the
 * documents service (ListDocuments, 500 a page) into a fresh index and swaps it in.
 *
 *   npx tsx bench/reindex.bench.ts                    # the default corpus's 20,000 filings
 *   npx tsx bench/reindex.bench.ts --filings 5000
 *
 * Loads the default corpus into a bench stack (MongoDB stand-in on its H2 file, as under npm start),
 * waits until every filing is indexed and the load has ended, then starts a re-index (StartReindex)
 * and follows its process (the export service's record of it) to the end. Prints the seconds, filings
 * per second, each part's CPU ms per filing and the load average; writes .data/bench/reindex.json.
 * The query-engine's CPU includes its embedding of the corpus's passages (a nice-19 process that
 * takes whatever CPU is spare, for much longer than the load), so the longer a re-index takes, the more
 * of that it counts; the MongoDB stand-in's and the documents service's are the re-index's alone.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pollUntil } from '@docket/local-infra';
import { grpcCall } from '@docket/service-kit';
import { printTable, round, writeBenchResult } from './support/bench-output';
import {
  cpuMsPerItem,
  cpuSecondsBetween,
  cpuSecondsByPart,
  indexedCount,
  startBenchStack,
} from './support/bench-stack';

const { values: args } = parseArgs({ options: { filings: { type: 'string', default: '20000' } } });
const FILINGS = Number(args.filings);
const LOAD_TIMEOUT_MS = 30 * 60_000;
const REINDEX_TIMEOUT_MS = 30 * 60_000;

async function main(): Promise<void> {
  const bench = await startBenchStack({
    h2MongoHeap: '2g',
    env: { SEED_CORPUS: 'true', SEED_FILINGS: String(FILINGS) },
  });
  try {
    const loadRuns = bench.mongo.db('documents').collection('ingestion_runs');
    await pollUntil(
      async () => {
        const indexed = await indexedCount(bench.search).catch(() => 0);
        const loading = await loadRuns.countDocuments({ status: 'running' });
        process.stderr.write(`[bench] loading the corpus: ${indexed} of ${FILINGS} indexed\n`);
        return indexed >= FILINGS && loading === 0;
      },
      {
        timeoutMs: LOAD_TIMEOUT_MS,
        intervalMs: 5_000,
        description: `the ${FILINGS} filings to be indexed`,
        abortIf: () => bench.crashed(),
      },
    );

    const processes = bench.mongo
      .db('export')
      .collection<{ _id: string; status: string; done: number; total: number; message: string }>('processes');
    const cpuBefore = cpuSecondsByPart();
    const loadBefore = os.loadavg()[0] ?? 0;
    const started = performance.now();
    const { processId } = await grpcCall(bench.search, 'startReindex', { requestedBy: 'bench' });
    const final = await pollUntil(
      async () => {
        const record = await processes.findOne({ _id: processId });
        if (record) process.stderr.write(`[bench] re-index ${record.status}: ${record.done} of ${record.total}\n`);
        return record && ['succeeded', 'failed'].includes(record.status) ? record : undefined;
      },
      {
        timeoutMs: REINDEX_TIMEOUT_MS,
        intervalMs: 1_000,
        description: 'the re-index to end',
        abortIf: () => bench.crashed(),
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const perPart = cpuSecondsBetween(cpuBefore, cpuSecondsByPart());
    const cpuMsPerFiling = cpuMsPerItem(perPart, final.done, 2);
    const loadAverage1m = { before: round(loadBefore, 2), after: round(os.loadavg()[0] ?? 0, 2) };
    printTable(`re-index of ${FILINGS} filings (MongoDB stand-in on its H2 file)`, [
      ['outcome', `${final.status}: ${final.done} of ${final.total} ${final.message}`],
      ['seconds', String(round(seconds))],
      ['filings per second', String(round(final.done / seconds))],
      ['load average (1 min) before / after', `${loadAverage1m.before} / ${loadAverage1m.after}`],
      ...Object.entries(cpuMsPerFiling).map(([name, ms]): [string, string] => [
        `CPU ms per filing: ${name}`,
        String(ms),
      ]),
    ]);
    const file = writeBenchResult('reindex', {
      filings: FILINGS,
      status: final.status,
      done: final.done,
      seconds: round(seconds),
      cpuMsPerFiling,
      loadAverage1m,
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
