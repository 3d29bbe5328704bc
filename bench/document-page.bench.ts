/**
 * Document page response times with a large documents collection (figures, never pass/fail).
 *
 *   npx tsx bench/document-page.bench.ts                                  # 20,000 then 1,000,000 documents
 *   npx tsx bench/document-page.bench.ts --sizes 20000,200000 --requests 300
 *   npx tsx bench/document-page.bench.ts --sizes 500000 --lean --mongo-heap 12g   # lean clones, more per GB
 *
 * Starts the whole stack with the frontend (test profile; a small default corpus so sources,
 * dockets and entities exist; the in-memory MongoDB stand-in with a --mongo-heap heap), then grows
 * the documents service's `documents` collection by bulk inserts — full ingestion of a million
 * filings would take days here — cloning the shortest seeded documents field for field (new _id,
 * title, sha256, provenanceKey; statsApplied true, no pending events). At each size it signs in as
 * the administrator and times, one request at a time after a warm-up, GET /documents/{id} on the
 * frontend (the server-rendered page, full body) and GET /api/documents/{id} on the BFF for random
 * ids. Writes .data/bench/document-page.json.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ObjectId, type Document } from 'mongodb';
import { pollUntil } from '@docket/local-infra';
import { printTable, round, summary, writeBenchResult, type Summary } from './support/bench-output';
import { startBenchStack, type BenchStack } from './support/bench-stack';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '20000,1000000' },
    requests: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '30' },
    'mongo-heap': { type: 'string', default: '8g' },
    // 'h2' keeps the documents in the stand-in's H2 file (the npm start profile) instead of its heap.
    store: { type: 'string', default: 'memory' },
    // Lean clones (400 characters, no entities or mentions) to load more documents per GB of stand-in
    // heap; the pages are then also timed on the full seeded filings among them.
    lean: { type: 'boolean', default: false },
  },
});
const SIZES = args.sizes
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const BATCH = 1000;
const ADMIN_EMAIL = 'bench-admin@docket.local';
const ADMIN_PASSWORD = `bench-${crypto.randomBytes(12).toString('hex')}`;
/** The frontend asks the BFF for the first five pages of text; the JSON route is timed with the same query. */
const PAGE_QUERY = '?page=1&pages=5';

interface SizeResult {
  documents: number;
  insertSeconds: number;
  insertedPerSecond: number;
  frontendPageMs: Summary;
  bffJsonMs: Summary;
}

/** Waits until the default-corpus load has finished (every corpus run succeeded). */
async function waitForSeed(bench: BenchStack): Promise<void> {
  const runs = bench.mongo.db('documents').collection('ingestion_runs');
  await pollUntil(
    async () => {
      const corpus = await runs.find({ connector: 'corpus' }, { projection: { status: 1 } }).toArray();
      return corpus.length > 0 && corpus.every((run) => run.status === 'succeeded');
    },
    { timeoutMs: 10 * 60_000, intervalMs: 500, description: 'the default corpus to load', abortIf: bench.crashed },
  );
}

/** The signed-in administrator's cookies (session + CSRF), through the BFF's own login flow. */
async function signIn(bffUrl: string): Promise<string> {
  const csrf = await fetch(`${bffUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = cookiesOf(csrf);
  const login = await fetch(`${bffUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrfCookie },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return cookiesOf(login);
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Times GET url(id) one request at a time, full body read; any status but 200 stops the bench. */
async function timeRequests(
  ids: string[],
  url: (id: string) => string,
  cookie: string,
  mustContain: (id: string) => string,
): Promise<number[]> {
  const times: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    const response = await fetch(url(id), { headers: { cookie }, redirect: 'manual' });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200 || !body.includes(mustContain(id)))
      throw new Error(`GET ${url(id)}: ${response.status}, ${body.slice(0, 300)}`);
  }
  return times;
}

/**
 * A clone cut down to what a document page reads: the first 400 characters as one page, and no
 * entities, mentions, values, filers or description, so that a million fit in the stand-in's heap.
 */
function leanFields(template: Document): Document {
  const text = String(template.text).slice(0, 400);
  return {
    text,
    pages: [{ number: 1, start: 0, end: text.length }],
    mentions: [],
    values: [],
    entities: [],
    filers: [],
    description: '',
  };
}

function sample<T>(items: T[], count: number): T[] {
  return Array.from({ length: count }, () => items[crypto.randomInt(items.length)]!);
}

async function main(): Promise<void> {
  if (args.store !== 'memory' && args.store !== 'h2')
    throw new Error(`--store must be memory or h2, got "${args.store}"`);
  const bench = await startBenchStack({
    frontend: true,
    ...(args.store === 'h2' ? { h2MongoHeap: args['mongo-heap'] } : {}),
    env: {
      SEED_FILINGS: '300',
      SEED_DOCKETS: '40',
      MONGO_STANDIN_MAX_HEAP: args['mongo-heap'],
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    },
  });
  try {
    await waitForSeed(bench);
    const collection = bench.mongo.db('documents').collection('documents');
    // The shortest healthy seeded filings: real shape (docket, source, entities, mentions, pages), little text.
    const templates = await collection
      .find({ failureReason: { $exists: false }, 'attachments.0': { $exists: false } })
      .toArray()
      .then((docs) => docs.sort((a, b) => String(a.text).length - String(b.text).length).slice(0, 50));
    if (templates.length === 0) throw new Error('the default corpus produced no document to clone');
    const templateChars = Math.round(templates.reduce((sum, t) => sum + String(t.text).length, 0) / templates.length);
    const ids: string[] = [];
    const seededIds = (
      await collection.find({ 'provenance.connector': 'corpus' }, { projection: { _id: 1 } }).toArray()
    ).map((d) => String(d._id));
    let count = await collection.countDocuments();
    const results: SizeResult[] = [];
    for (const size of SIZES) {
      const insertStarted = performance.now();
      const toInsert = Math.max(0, size - count);
      for (let done = 0; done < toInsert; done += BATCH) {
        const batch: Document[] = [];
        for (let i = done; i < Math.min(toInsert, done + BATCH); i++) {
          const n = count + i;
          const template = templates[n % templates.length]!;
          const _id = new ObjectId();
          const now = new Date();
          batch.push({
            ...template,
            ...(args.lean ? leanFields(template) : {}),
            _id,
            title: `${String(template.title)} (bench copy ${n})`,
            sha256: crypto.createHash('sha256').update(`bench-document-${n}`).digest('hex'),
            provenanceKey: `bench|bench-${n}`,
            provenance: { connector: 'bench', sourceDocumentId: `bench-${n}`, sourceUrl: '', runId: '' },
            createdAt: now,
            updatedAt: now,
            statsApplied: true,
            pendingEvents: [],
          });
          ids.push(_id.toHexString());
        }
        await collection.insertMany(batch, { ordered: false });
      }
      count += toInsert;
      const insertSeconds = (performance.now() - insertStarted) / 1000;
      const total = await collection.countDocuments();

      const cookie = await signIn(bench.stack.bffUrl);
      const frontend = (id: string) => `${bench.stack.frontendUrl}/documents/${id}`;
      const bff = (id: string) => `${bench.stack.bffUrl}/api/documents/${id}${PAGE_QUERY}`;
      // Both routes show the document's id: the page in its links, the JSON as a field.
      await timeRequests(sample(ids, WARMUP), frontend, cookie, (id) => id);
      const frontendMs = await timeRequests(sample(ids, REQUESTS), frontend, cookie, (id) => id);
      await timeRequests(sample(ids, WARMUP), bff, cookie, (id) => id);
      const bffMs = await timeRequests(sample(ids, REQUESTS), bff, cookie, (id) => id);
      const seededPageMs = args.lean
        ? await timeRequests(sample(seededIds, REQUESTS), frontend, cookie, (id) => id)
        : undefined;
      const result = {
        documents: total,
        insertSeconds: round(insertSeconds),
        insertedPerSecond: Math.round(toInsert / Math.max(insertSeconds, 0.001)),
        frontendPageMs: summary(frontendMs),
        bffJsonMs: summary(bffMs),
        ...(seededPageMs ? { seededFilingPageMs: summary(seededPageMs) } : {}),
      };
      results.push(result);
      const row = (s: Summary) => `p50 ${s.p50} ms   p95 ${s.p95} ms   p99 ${s.p99} ms   max ${s.max} ms`;
      printTable(
        `${total.toLocaleString('en-US')} documents (${toInsert.toLocaleString('en-US')} bulk-inserted ` +
          `at ${result.insertedPerSecond}/s; ~${templateChars} characters of text each)`,
        [
          [`GET /documents/{id} (frontend, ${REQUESTS} ids)`, row(result.frontendPageMs)],
          [`GET /api/documents/{id} (BFF, ${REQUESTS} ids)`, row(result.bffJsonMs)],
          ...(result.seededFilingPageMs
            ? [
                [`GET /documents/{id} of full seeded filings (${REQUESTS} ids)`, row(result.seededFilingPageMs)] as [
                  string,
                  string,
                ],
              ]
            : []),
        ],
      );
    }
    const file = writeBenchResult('document-page', {
      setup:
        `test-profile stack with frontend (next start), ` +
        `${args.store === 'h2' ? 'H2-file' : 'in-memory'} MongoDB stand-in (heap ${args['mongo-heap']}); ` +
        `documents bulk-inserted as ${args.lean ? 'lean ' : ''}clones of short seeded filings; ` +
        `sequential requests after ${WARMUP} warm-up`,
      requests: REQUESTS,
      templateChars,
      sizes: results,
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
