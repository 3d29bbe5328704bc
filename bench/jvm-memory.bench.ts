/**
 * Memory of the launcher's two JVMs that hold data (figures, never pass/fail), each alone, started
 * exactly as the launcher starts them, after a load like the one a first `npm start` gives them:
 *
 * - the MongoDB stand-in (H2 file): --batches of 16 filing-sized documents (about 11,000 characters
 *   of text, 80 mentions and an 8 KB outbox event each) inserted at once, then each rewritten once
 *   (its flag set and its event pulled), as the documents service writes them; then PSS once the
 *   stand-in has compacted its heap on going idle (the idle-heap agent, checked every 2 s here);
 * - Zipkin: --spans spans posted 100 a request, 16 requests at a time (the services' exporters
 *   during a corpus load), then PSS and threads right after and 75 s later (Armeria's idle threads
 *   end after 60 s).
 *
 *   npx tsx bench/jvm-memory.bench.ts [--part mongo|zipkin|both] [--batches 200] [--spans 200000]
 *
 * Compare two option sets by running it on each (the options are the launcher's, in
 * deploy/local/src/mongo.ts and zipkin.ts). Prints the load average beside the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';
import { ensureJars, freePort, pollUntil, processMemoryKb, startMongo, startZipkin } from '@docket/local-infra';
import { printTable, round, writeBenchResult } from './support/bench-output';

const { values: args } = parseArgs({
  options: {
    part: { type: 'string', default: 'both' },
    batches: { type: 'string', default: '200' },
    spans: { type: 'string', default: '200000' },
  },
});
const BATCHES = Number(args.batches);
const SPANS = Number(args.spans);
const MB = 1024;

const TEXT = 'The Commission finds the proposed tariff rate just and reasonable. '.repeat(165);

const eventIdOf = (batch: number, index: number): string => `event-${batch}-${index}`;

function filingRecord(batch: number, index: number) {
  return {
    _id: new ObjectId(),
    title: `Filing ${batch}-${index}`,
    text: TEXT,
    mentions: Array.from({ length: 80 }, (_, k) => ({ entityId: `entity-${k}`, start: k * 100, end: k * 100 + 12 })),
    pendingEvents: [{ eventId: eventIdOf(batch, index), payload: Buffer.alloc(8000, 1) }],
    statsApplied: false,
  };
}

function threadsOf(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return 0;
  }
}

async function measureMongo(dir: string): Promise<Record<string, number>> {
  process.env.DOCKET_IDLE_HEAP_CHECK_MS = '2000';
  const jars = await ensureJars();
  const lines: string[] = [];
  const mongo = await startMongo({
    jars,
    dir: path.join(dir, 'mongo'),
    port: await freePort(),
    storage: 'h2',
    onLine: (line) => lines.push(line),
  });
  const client = await MongoClient.connect(mongo.url);
  try {
    const documents = client.db('bench').collection<ReturnType<typeof filingRecord>>('documents');
    for (let batch = 0; batch < BATCHES; batch++) {
      const records = Array.from({ length: 16 }, (_, index) => filingRecord(batch, index));
      await documents.insertMany(records);
      await documents.bulkWrite(
        records.map((record, index) => ({
          updateOne: {
            filter: { _id: record._id },
            update: {
              $set: { statsApplied: true },
              $pull: { pendingEvents: { eventId: eventIdOf(batch, index) } },
            },
          },
        })),
      );
    }
    const loadedKb = processMemoryKb(mongo.process.pid, 'pss');
    const compactions = () => lines.filter((line) => line.includes('idle: heap committed')).length;
    const before = compactions();
    await pollUntil(async () => compactions() > before, {
      timeoutMs: 60_000,
      intervalMs: 500,
      description: 'the stand-in to compact its heap once idle',
    });
    return {
      'stand-in PSS after the writes (MB)': round(loadedKb / MB, 1),
      'stand-in PSS once idle (MB)': round(processMemoryKb(mongo.process.pid, 'pss') / MB, 1),
      'filings written': BATCHES * 16,
    };
  } finally {
    await client.close();
    await mongo.stop();
  }
}

async function postSpans(url: string, total: number): Promise<void> {
  const hex = (n: number, length: number) => n.toString(16).padStart(length, '0');
  let next = 0;
  const services = ['documents', 'query-engine', 'alerts'];
  async function poster(): Promise<void> {
    while (next < total) {
      const first = next;
      next += 100;
      const spans = Array.from({ length: 100 }, (_, i) => ({
        traceId: hex(first + i + 1, 32),
        id: hex(first + i + 1, 16),
        name: 'documents.ingested process',
        timestamp: Date.now() * 1000,
        duration: 1234,
        localEndpoint: { serviceName: services[i % services.length] },
        tags: { 'messaging.system': 'kafka', 'db.statement': 'find documents '.repeat(10) },
      }));
      const response = await fetch(`${url}/api/v2/spans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(spans),
      });
      if (!response.ok) throw new Error(`Zipkin refused spans: HTTP ${response.status}`);
    }
  }
  await Promise.all(Array.from({ length: 16 }, poster));
}

async function measureZipkin(dir: string): Promise<Record<string, number>> {
  const zipkin = await startZipkin({ dir: path.join(dir, 'zipkin'), port: await freePort() });
  try {
    await postSpans(zipkin.url, SPANS);
    const pid = zipkin.process.pid;
    const after = { pss: processMemoryKb(pid, 'pss'), threads: threadsOf(pid) };
    await new Promise((resolve) => setTimeout(resolve, 75_000));
    return {
      'Zipkin PSS right after the spans (MB)': round(after.pss / MB, 1),
      'Zipkin threads right after the spans': after.threads,
      'Zipkin PSS 75 s later (MB)': round(processMemoryKb(pid, 'pss') / MB, 1),
      'Zipkin threads 75 s later': threadsOf(pid),
      'spans posted': SPANS,
    };
  } finally {
    await zipkin.stop();
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jvm-memory-'));
  const figures: Record<string, number> = {};
  try {
    if (args.part === 'mongo' || args.part === 'both') Object.assign(figures, await measureMongo(dir));
    if (args.part === 'zipkin' || args.part === 'both') Object.assign(figures, await measureZipkin(dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  figures['load average (1 min) at the end'] = round(os.loadavg()[0] ?? 0, 2);
  printTable("The launcher's JVMs alone, as it starts them", Object.entries(figures));
  writeBenchResult('jvm-memory', { ...figures, part: args.part });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
