/**
 * The default corpus on a first start: how long from the start of the stack until
 * its filings are stored (MongoDB) and searchable (the query-engine's index), figures, never pass/fail.
 *
 *   npx tsx bench/corpus-load.bench.ts                          # 20,000 filings, up to 30 min
 *   npx tsx bench/corpus-load.bench.ts --minutes 8 --screenshot /tmp/catalog-status.png
 *
 * The stack runs as `npm start` keeps its data: the MongoDB stand-in on its H2 file store. Every 5 s
 * it prints stored and indexed counts; at the end the times to all stored and all indexed (or how far
 * it got within --minutes), the CPU seconds per filing of each part, and the load average. With
 * --screenshot the frontend runs too and /catalog-status is photographed (headless chromium) while
 * the corpus loads, to look at its progress line.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { printTable, round, writeBenchResult } from './support/bench-output';
import {
  cpuMsPerItem,
  cpuSecondsBetween,
  cpuSecondsByPart,
  indexedCount,
  startBenchStack,
} from './support/bench-stack';
import { signIn } from './support/bff-session';

const { values: args } = parseArgs({
  options: {
    filings: { type: 'string', default: '20000' },
    minutes: { type: 'string', default: '30' },
    screenshot: { type: 'string' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});
const FILINGS = Number(args.filings);
const LIMIT_MS = Number(args.minutes) * 60_000;
const ADMIN_EMAIL = 'bench-admin@docket.local';
const ADMIN_PASSWORD = `bench-${crypto.randomBytes(12).toString('hex')}`;
const SAMPLE_MS = 5_000;
/** Photographed once this many filings are stored, so the line has figures to show. */
const SCREENSHOT_AFTER_STORED = 500;

async function screenshot(frontendUrl: string, bffUrl: string, file: string): Promise<void> {
  const cookies = await signIn(bffUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      cookies.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name as string, value: value.join('='), url: frontendUrl };
      }),
    );
    const page = await context.newPage();
    // While the corpus loads, the documents service can miss the BFF's 10 s deadline and the page errs: ask again.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await page.goto(`${frontendUrl}/catalog-status`, { timeout: 120_000 });
      if ((await page.getByTestId('corpus-load').count()) > 0) break;
      console.log(`screenshot: /catalog-status attempt ${attempt} had no progress line`);
    }
    await page.getByTestId('corpus-load').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: file });
    console.log(`screenshot: ${file} (${(await page.getByTestId('corpus-load').innerText()).replace(/\s+/g, ' ')})`);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const bench = await startBenchStack({
    h2MongoHeap: '2g',
    frontend: Boolean(args.screenshot),
    env: { SEED_CORPUS: 'true', SEED_FILINGS: String(FILINGS), ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'info' },
  });
  const readySeconds = (performance.now() - started) / 1000;
  const cpuBefore = cpuSecondsByPart();
  const documents = bench.mongo.db('documents').collection('documents');
  // The load starts with the documents service, before the rest of the stack is ready: rates and CPU are from here on.
  const storedAtReady = await documents.estimatedDocumentCount();
  let storedSeconds: number | undefined;
  let indexedSeconds: number | undefined;
  let stored = 0;
  let indexed = 0;
  let photographed = !args.screenshot;
  try {
    while (performance.now() - started < LIMIT_MS && indexedSeconds === undefined) {
      const crash = bench.crashed();
      if (crash) throw new Error(crash);
      stored = await documents.estimatedDocumentCount();
      indexed = await indexedCount(bench.search).catch(() => indexed);
      const seconds = (performance.now() - started) / 1000;
      if (storedSeconds === undefined && stored >= FILINGS) storedSeconds = seconds;
      if (indexed >= FILINGS) indexedSeconds = seconds;
      console.log(`${round(seconds)} s: ${stored} stored, ${indexed} indexed; load ${round(os.loadavg()[0] ?? 0, 1)}`);
      if (!photographed && stored >= SCREENSHOT_AFTER_STORED && bench.stack.frontendUrl) {
        photographed = true;
        await screenshot(bench.stack.frontendUrl, bench.stack.bffUrl, args.screenshot as string).catch(
          (error: unknown) => console.error('screenshot failed:', error),
        );
      }
      if (indexedSeconds === undefined) await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
    const elapsed = (performance.now() - started) / 1000;
    const perPart = cpuSecondsBetween(cpuBefore, cpuSecondsByPart());
    const storedSinceReady = stored - storedAtReady;
    const cpuMsPerFiling = cpuMsPerItem(perPart, storedSinceReady, 1);
    const loadAverage1m = round(os.loadavg()[0] ?? 0, 2);
    printTable(`default corpus, ${FILINGS} filings (H2 file store, like npm start)`, [
      ['stack ready', `${round(readySeconds)} s`],
      [
        'all stored',
        storedSeconds === undefined ? `not within ${round(elapsed)} s (${stored} stored)` : `${round(storedSeconds)} s`,
      ],
      [
        'all indexed',
        indexedSeconds === undefined
          ? `not within ${round(elapsed)} s (${indexed} indexed)`
          : `${round(indexedSeconds)} s`,
      ],
      ['stored when the stack was ready', String(storedAtReady)],
      ['stored per second (since ready)', String(round(storedSinceReady / Math.max(1, elapsed - readySeconds)))],
      ['load average (1 min) at the end', String(loadAverage1m)],
      ...Object.entries(cpuMsPerFiling).map(([name, ms]): [string, string] => [
        `CPU ms per filing stored since ready: ${name}`,
        String(ms),
      ]),
    ]);
    const file = writeBenchResult('corpus-load', {
      filings: FILINGS,
      readySeconds: round(readySeconds),
      storedAtReady,
      storedSeconds,
      indexedSeconds,
      stored,
      indexed,
      elapsedSeconds: round(elapsed),
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
