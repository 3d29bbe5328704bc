/**
 * Whole-stack start-up time and idle memory (figures, never pass/fail).
 *
 *   npx tsx bench/stack-startup-memory.bench.ts [--mongo-storage h2|memory]
 *
 * Starts everything `npm start` starts (test profile: fresh data dir, free ports, jars cached, the
 * frontend built if its sources changed; the MongoDB stand-in keeps its data in an H2 file as under
 * `npm start`, not in its heap as the test profile otherwise does: --mongo-storage memory for that)
 * and reports the seconds until the login page is served,
 * then samples the resident memory of every process group it started (Kafka's and the MongoDB
 * stand-in's JVMs, Redis, five Node services, Next.js) once a second for 15 s and reports the
 * median total. The default corpus starts loading at once and the MongoDB stand-in of the test
 * profile keeps it in its heap, so the figure depends on how far that load got: the bench prints the
 * documents stored and whether the load was still running when it sampled, and the load average.
 * Writes JSON to bench/results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { MongoClient } from 'mongodb';
import { groupRssMb, liveManagedProcesses, startStack } from '@docket/local-infra';

const SAMPLES = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** How far the default-corpus load had got: it runs while the bench samples and fills the stand-in's heap. */
async function corpusState(mongoUrl: string): Promise<{ documentsStored: number; stillLoading: boolean }> {
  const mongo = await new MongoClient(mongoUrl).connect();
  try {
    const db = mongo.db('documents');
    const runs = await db.collection('ingestion_runs').find({ connector: 'corpus' }, { projection: { status: 1 } }).toArray();
    return { documentsStored: await db.collection('documents').estimatedDocumentCount(), stillLoading: runs.length === 0 || runs.some((run) => run.status === 'running') };
  } finally {
    await mongo.close();
  }
}

/** --mongo-storage h2|memory (default h2, what `npm start` runs). */
function mongoStorageArg(argv: string[]): 'h2' | 'memory' {
  const i = argv.indexOf('--mongo-storage');
  if (i < 0) return 'h2';
  const value = argv[i + 1];
  if (value !== 'h2' && value !== 'memory') throw new Error(`--mongo-storage must be h2 or memory, got ${value ?? 'nothing'}`);
  return value;
}

async function main(): Promise<void> {
  const mongoStorage = mongoStorageArg(process.argv.slice(2));
  const stack = await startStack({ profile: 'test', mongoStorage, env: { LOG_LEVEL: 'warn' }, log: (m) => process.stderr.write(`[stack] ${m}\n`) });
  try {
    const perPart = new Map<string, number[]>();
    for (let i = 0; i < SAMPLES; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000)); // one sample a second while idle
      for (const p of liveManagedProcesses()) {
        if (p.name === 'next-build') continue;
        perPart.set(p.name, [...(perPart.get(p.name) ?? []), groupRssMb(p.pid)]);
      }
    }
    const corpus = await corpusState(stack.infra.mongoUrl);
    const parts = Object.fromEntries([...perPart].map(([name, samples]) => [name, Math.round(median(samples))]));
    const totalMb = Object.values(parts).reduce((a, b) => a + b, 0);
    const result = {
      bench: 'stack-startup-memory',
      at: new Date().toISOString(),
      startup: stack.timings,
      idleRssMb: { total: totalMb, ...parts },
      corpus,
      mongoStorage,
      loadAverage1m: os.loadavg()[0],
    };
    console.log(`start-up to login page served: ${stack.timings.totalSeconds.toFixed(1)} s` +
      (stack.timings.frontendBuildSeconds ? ` (including a frontend build of ${stack.timings.frontendBuildSeconds.toFixed(1)} s)` : ''));
    console.log(`  infrastructure ${stack.timings.infraSeconds.toFixed(1)} s, services + BFF ready at ${stack.timings.servicesSeconds.toFixed(1)} s`);
    console.log(`idle resident memory: ${totalMb} MB in all (${corpus.documentsStored} documents stored, default corpus ${corpus.stillLoading ? 'still loading' : 'loaded'}; MongoDB stand-in storage ${mongoStorage}; load average ${os.loadavg()[0]?.toFixed(2)})`);
    for (const [name, mb] of Object.entries(parts).sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(14)} ${String(mb).padStart(5)} MB`);
    const dir = path.join(__dirname, 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `stack-startup-memory-${Date.now()}.json`), JSON.stringify(result, null, 2) + '\n');
  } finally {
    await stack.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
