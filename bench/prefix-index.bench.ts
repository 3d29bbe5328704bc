/**
 * What FTS5's prefix indexes (sqlite-schema.ts, prefix = '3 4') buy (figures, never pass/fail): the
 * generated filings' words in two in-memory FTS5 tables, one without and one with the indexes, and
 * the matching step of a search (the newest 10,001 matches, as a search counts them) timed for the
 * commonest 3- and 4-letter prefixes. Without an index FTS5 first merges the whole document list of
 * every word the prefix expands to, so the cost grows with the corpus; with one it reads one list
 * and stops at the limit.
 *
 *   npx tsx bench/prefix-index.bench.ts [filings=20000]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import Database, { type Database as Db } from 'better-sqlite3';
import { foldedWords } from '@docket/query-language';
import { printTable, round, summary, writeBenchResult, type Summary } from './support/bench-output';
import { generatedDocuments } from './support/generated-filings';

const count = Number(process.argv.find((arg, i) => i >= 2 && /^\d+$/u.test(arg)) ?? 20_000);
const PREFIXES_TIMED = 30;

function table(prefixIndex: string | null): Db {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(text, content = ''${prefixIndex ? `, prefix = '${prefixIndex}'` : ''})`);
  return db;
}

function main(): void {
  const tables = { 'no prefix index': table(null), "prefix = '3 4'": table('3 4') };
  const starts = new Map<string, number>();
  const inserts = Object.values(tables).map((db) => db.prepare('INSERT INTO t (rowid, text) VALUES (?, ?)'));
  for (const db of Object.values(tables)) db.exec('BEGIN');
  let rowid = 0;
  for (const document of generatedDocuments('bench', count)) {
    const words = foldedWords(`${document.title} ${document.text}`);
    rowid += 1;
    for (const insert of inserts) insert.run(rowid, words.join(' '));
    if (rowid % 20 === 0) {
      for (const word of words) {
        for (const length of [3, 4])
          if (word.length > length) starts.set(word.slice(0, length), (starts.get(word.slice(0, length)) ?? 0) + 1);
      }
    }
  }
  for (const db of Object.values(tables)) {
    db.exec('COMMIT');
    db.exec("INSERT INTO t (t) VALUES ('optimize')");
  }
  const commonest = (length: number) =>
    [...starts]
      .filter(([start]) => start.length === length)
      .sort((a, b) => b[1] - a[1])
      .slice(0, PREFIXES_TIMED)
      .map(([start]) => start);

  const results: Record<string, Summary> = {};
  for (const length of [3, 4]) {
    for (const [name, db] of Object.entries(tables)) {
      const matches = db
        .prepare('SELECT count(*) FROM (SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid DESC LIMIT 10001)')
        .pluck();
      const times = commonest(length).map((start) => {
        const started = performance.now();
        matches.get(`"${start}" *`);
        return performance.now() - started;
      });
      results[`${length}-letter prefixes, ${name}`] = summary(times);
    }
  }
  printTable(
    `prefix-index bench: ${count.toLocaleString('en-US')} generated filings, ` +
      `the ${PREFIXES_TIMED} commonest prefixes of each length (load average ${round(os.loadavg()[0] ?? 0, 2)})`,
    Object.entries(results).map(([kind, s]): [string, string] => [
      kind,
      `p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms`,
    ]),
  );
  console.log(`  wrote ${writeBenchResult('prefix-index', { documents: count, matchMs: results })}`);
}

main();
