/**
 * Costly queries against ordinary search (figures, never pass/fail). The query-engine's
 * SearchService runs over a real gRPC connection on an index of generated filings (SQLite FTS5,
 * built through the real rebuild path), as an outside probe found it:
 *
 * 1. each of the probe's worst queries alone: how long until a refusal (400 with the limit) or a
 *    bounded answer;
 * 2. ordinary searches alone (one term by occurrence, or two OR-ed terms with an agency filter, with
 *    facets, as the search page asks): p50 / p95;
 * 3. the same ordinary searches while one attacker (another user) keeps ATTACKERS costly queries in
 *    flight, the worst the cost limits let through: p50 / p95, and what the attacker got.
 *
 *   npx tsx bench/query-stall.bench.ts [filings=20000] [--reuse]
 *   BENCH_ORDINARY=200 BENCH_ATTACKERS=4 SEARCH_TIME_BUDGET_MS=5000 ...
 *
 * Writes .data/bench/query-stall.json. The machine's load average is printed beside the figures.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { credentials } from '@grpc/grpc-js';
import { repoRoot } from '@docket/local-infra';
import { createLogger } from '@docket/observability';
import { SearchRequest, SearchServiceClient, type DeepPartial } from '@docket/proto/src/search';
import { foldedWords } from '@docket/query-language';
import { grpcCall, startGrpcServer } from '@docket/service-kit';
import { SqliteFts5Backend } from '../services/query-engine/src/search/index/sqlite/sqlite-fts5.backend';
import { searchServiceBinding } from '../services/query-engine/src/search/search.grpc';
import { SearchService } from '../services/query-engine/src/search/search.service';
import { printTable, round, summary, writeBenchResult } from './support/bench-output';
import { generatedDocuments } from './support/generated-filings';

const count = Number(process.argv.find((arg, i) => i >= 2 && /^\d+$/u.test(arg)) ?? 20_000);
const reuse = process.argv.includes('--reuse');
const ordinaryCount = Number(process.env.BENCH_ORDINARY ?? 200);
const attackers = Number(process.env.BENCH_ATTACKERS ?? 4);
const budgetMs = Number(process.env.SEARCH_TIME_BUDGET_MS ?? 5_000);
const seed = 'bench';

type Request = DeepPartial<SearchRequest>;
interface Outcome {
  ms: number;
  answer: string;
}

async function openIndex(dir: string): Promise<{ backend: SqliteFts5Backend; words: string[]; agencies: string[] }> {
  const indexPath = path.join(dir, 'index.sqlite');
  if (!reuse) rmSync(dir, { recursive: true, force: true });
  else if (!existsSync(indexPath)) throw new Error(`--reuse: no index at ${indexPath}; run once without --reuse`);
  mkdirSync(dir, { recursive: true });
  const backend = SqliteFts5Backend.open(indexPath);
  const frequency = new Map<string, number>();
  const agencies = new Set<string>();
  const build = reuse ? undefined : await backend.beginBuild();
  let batch = [];
  let index = 0;
  for (const document of generatedDocuments(seed, count)) {
    if (index++ % 50 === 0) {
      agencies.add(document.sourceId);
      for (const word of foldedWords(`${document.title} ${document.text}`))
        frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
    if (!build) continue;
    batch.push(document);
    if (batch.length === 500) {
      await build.addFromSource(batch);
      batch = [];
    }
  }
  if (build) {
    await build.addFromSource(batch);
    await build.commit();
  }
  // The most frequent words first: the costliest to search; ordinary searches draw from the first 2,000.
  const words = [...frequency]
    .filter(([word]) => word.length > 2 && !/^\d+$/u.test(word))
    .sort((a, b) => b[1] - a[1])
    .map(([word]) => word);
  return { backend, words, agencies: [...agencies] };
}

/** The cursor after the first `depth` hits of a request (pages of 100), as a client that paged that deep holds it. */
async function cursorAfter(
  client: SearchServiceClient,
  request: Request,
  depth: number,
): Promise<{ cursor: string; hits: number }> {
  let cursor = '';
  let hits = 0;
  while (hits < depth) {
    const response = await grpcCall(
      client,
      'search',
      SearchRequest.fromPartial({ ...request, limit: 100, cursor, userId: 'attacker' }),
      { deadlineMs: 30_000 },
    );
    if (!response.nextCursor) break;
    hits += response.hits.length;
    cursor = response.nextCursor;
  }
  return { cursor, hits };
}

/** The outside probe's worst queries, and the worst the cost limits let through. */
function worstQueries(words: string[], deep: { cursor: string; hits: number }): Record<string, Request> {
  const common = (n: number) => words.slice(0, n).join(' OR ');
  const fiveLetterStarts = [...new Set(words.filter((word) => word.length > 5).map((word) => word.slice(0, 5)))].slice(
    0,
    8,
  );
  const threeLetterStarts = [...new Set(words.map((word) => word.slice(0, 3)))].slice(0, 8);
  return {
    'a OR a OR … (200 terms, 799 chars)': { query: Array(200).fill('a').join(' OR ') },
    'a* a* … (333 prefixes)': { query: Array(333).fill('a*').join(' ').slice(0, 999) },
    '50 ORs of the commonest words': { query: common(50) },
    '20 ORs of the commonest words': { query: common(20), includeFacets: true },
    '40 ORs of the commonest words (the clause limit)': { query: common(40), includeFacets: true },
    '8 three-letter prefixes OR-ed (the prefix limit)': {
      query: threeLetterStarts.map((start) => `${start}*`).join(' OR '),
      includeFacets: true,
    },
    '8 five-letter prefixes OR-ed (no prefix index)': {
      query: fiveLetterStarts.map((start) => `${start}*`).join(' OR '),
      includeFacets: true,
    },
    [`commonest word, 100 hits after the first ${deep.hits.toLocaleString('en-US')} (a deep cursor)`]: {
      query: words[0],
      cursor: deep.cursor,
      limit: 100,
    },
  };
}

async function timed(client: SearchServiceClient, request: Request, userId: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await grpcCall(client, 'search', SearchRequest.fromPartial({ limit: 20, ...request, userId }), {
      deadlineMs: 30_000,
    });
    return {
      ms: performance.now() - started,
      answer: `${Number(response.total).toLocaleString('en-US')}${response.totalIsLowerBound ? '+' : ''} hits`,
    };
  } catch (error) {
    return { ms: performance.now() - started, answer: `refused: ${(error as Error).message.slice(0, 110)}` };
  }
}

async function main(): Promise<void> {
  const logger = createLogger('query-stall-bench', 'warn');
  const dir = path.join(repoRoot, '.data', 'bench', `query-stall-${count}`);
  console.log(
    `query-stall bench: ${reuse ? 'reusing' : 'building'} ` +
      `an index of ${count.toLocaleString('en-US')} generated filings`,
  );
  const { backend, words, agencies } = await openIndex(dir);
  const server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    services: [
      searchServiceBinding({
        search: new SearchService({ index: backend }),
        index: backend,
        logger,
        budgetMs,
        startReindex: async () => 'process-1',
      }),
    ],
  });
  const client = new SearchServiceClient(`127.0.0.1:${server.port}`, credentials.createInsecure());

  let state = 7;
  const pick = <T>(items: readonly T[]): T => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return items[state % items.length] as T;
  };
  const ordinary = (): Request =>
    state % 2 === 0
      ? { query: pick(words.slice(0, 2000)), includeFacets: true }
      : {
          query: `${pick(words.slice(0, 2000))} OR ${pick(words.slice(0, 2000))}`,
          filters: { agencies: [pick(agencies)] },
          includeFacets: true,
        };
  const ordinaryRun = async () => {
    const times: number[] = [];
    for (let i = 0; i < ordinaryCount; i += 1) times.push((await timed(client, ordinary(), 'ordinary-user')).ms);
    return summary(times);
  };

  // Paging is by cursor only: the deepest page a client can ask for is the one after it walked 10,000 hits.
  const worst = worstQueries(words, await cursorAfter(client, { query: words[0] }, 10_000));
  const alone: [string, string][] = [];
  for (const [name, request] of Object.entries(worst)) {
    const runs = [await timed(client, request, 'attacker'), await timed(client, request, 'attacker')];
    alone.push([name, `${round(Math.max(...runs.map((run) => run.ms)))} ms → ${runs.at(-1)?.answer}`]);
  }
  for (let i = 0; i < 20; i += 1) await timed(client, ordinary(), 'ordinary-user'); // warm up
  const quiet = await ordinaryRun();
  const loadQuiet = os.loadavg()[0] ?? 0;

  // The attack: the worst queries the limits let through, ATTACKERS in flight at all times.
  const allowed = Object.values(worst).slice(3);
  let attacking = true;
  const attackOutcomes: number[] = [];
  const attackAnswers = new Map<string, number>();
  const attack = Array.from({ length: attackers }, async (_, lane) => {
    for (let i = lane; attacking; i += 1) {
      const outcome = await timed(client, allowed[i % allowed.length] as Request, 'attacker');
      attackOutcomes.push(outcome.ms);
      const kind = outcome.answer.startsWith('refused')
        ? outcome.answer.replace(/\d[\d,.]* ?m?s\b/gu, 'N s')
        : 'answered';
      attackAnswers.set(kind, (attackAnswers.get(kind) ?? 0) + 1);
    }
  });
  const underAttack = await ordinaryRun();
  const loadAttack = os.loadavg()[0] ?? 0;
  attacking = false;
  await Promise.all(attack);

  client.close();
  await server.shutdown(1_000);
  await backend.close();

  const attackSummary = summary(attackOutcomes);
  const result = {
    documents: count,
    budgetMs,
    threads: 2,
    attackers,
    worstAlone: Object.fromEntries(alone),
    ordinaryAlone: quiet,
    ordinaryUnderAttack: underAttack,
    attacker: { ...attackSummary, outcomes: Object.fromEntries(attackAnswers) },
    loadAverage1m: { quiet: round(loadQuiet, 2), underAttack: round(loadAttack, 2) },
  };
  printTable(
    `query-stall bench: ${count.toLocaleString('en-US')} filings, ` +
      `time budget ${budgetMs} ms, 2 search threads, gRPC on loopback`,
    [
      ...alone.map(([name, figure]): [string, string] => [name, figure]),
      [
        'ordinary search, alone',
        `p50 ${quiet.p50} ms, p95 ${quiet.p95} ms, ` +
          `max ${quiet.max} ms (${quiet.count} searches; load average ${round(loadQuiet, 2)})`,
      ],
      [
        `ordinary search, ${attackers} costly in flight`,
        `p50 ${underAttack.p50} ms, p95 ${underAttack.p95} ms, ` +
          `max ${underAttack.max} ms (${underAttack.count} searches; load average ${round(loadAttack, 2)})`,
      ],
      [
        "attacker's queries meanwhile",
        `${attackSummary.count} sent, p50 ${attackSummary.p50} ms, ` +
          `p95 ${attackSummary.p95} ms; ${[...attackAnswers].map(([kind, n]) => `${n} ${kind}`).join('; ')}`,
      ],
    ],
  );
  console.log(`  wrote ${writeBenchResult('query-stall', result)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
