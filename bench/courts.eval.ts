/**
 * How well real court dockets are read on import (figures, never pass/fail): the docket files of
 * ../shared/eval/courts (PACER CM/ECF reports of district, bankruptcy and appellate courts and the
 * CIT, ACMS appellate JSON) are copied without their labels into one directory, imported into a
 * court source through the documents service (StartImport) on a running stack, and what it stored
 * (GetDocket for the case, its filings for the entries) is compared with each `*.expected.json`.
 *
 *   npm run eval:courts
 *   npm run eval:courts -- --dir ../shared/eval/courts/dockets
 *
 * Prints per field and per kind of docket: exact agreement on the docket number, court, case name,
 * dates filed and terminated and the judge (names compared without case, punctuation or
 * honorifics); F1 of the parties' names; the entries: count, and per labelled entry its date and
 * number. Also the import's speed in entries per second. Writes .data/bench/courts-eval.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { grpcCall } from '@docket/service-kit';
import type { components } from '../frontend/lib/api/schema';
import { evaluateOpinions, opinionFigureLines, type OpinionFigures } from './courts/opinions';
import { askCaseQuestions, type LabelledDocket, type QuestionOutcome } from './courts/questions';
import { machine, round, writeBenchResult } from './support/bench-output';
import { startBenchStack, waitForRun } from './support/bench-stack';
import { postJson, signInForWrites } from './support/bff-session';

type CreateSource = components['schemas']['CreateSource'];

const { values: args } = parseArgs({
  options: { dir: { type: 'string', default: path.resolve(__dirname, '../../shared/eval/courts/dockets') } },
});
const DIR = path.resolve(args.dir);
const SOURCE: CreateSource = {
  id: 'us-courts',
  name: 'U.S. federal courts',
  kind: 'court',
  shortName: 'Federal courts',
  jurisdiction: 'federal',
  state: 'US',
  homeUrl: 'https://pacer.uscourts.gov',
  docketPattern: '',
};
const ADMIN_EMAIL = 'courts-eval-admin@docket.local';
const ADMIN_PASSWORD = `courts-eval-${crypto.randomBytes(12).toString('hex')}`;
const log = (line: string) => process.stderr.write(`[courts-eval] ${line}\n`);

interface Expected {
  docket_number: string;
  case_name: string;
  court_id: string;
  date_filed?: string | null;
  date_terminated?: string | null;
  assigned_to_str?: string | null;
  parties?: Array<{ name: string; type?: string }>;
  docket_entries?: Array<{ date_filed?: string | null; document_number?: string | number | null }>;
}

interface Stored {
  docket?: {
    numberRaw: string;
    title: string;
    openedAt?: Date;
    closedAt?: Date;
    parties: Array<{ name: string }>;
    court?: { courtId: string; judge: string };
  };
  entries: Array<{ number: string; date: string }>;
}

/** Names compared as words: case, punctuation, honorifics and "Jr." aside. */
const loose = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/\b(?:hon|honorable|judge|jr|sr)\b/gu, ' ')
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim();
const day = (date: Date | undefined) => (date ? date.toISOString().slice(0, 10) : '');

function kindOf(file: string): string {
  return file.split('__')[0] ?? 'other';
}

/** Agreement of one docket, field by field (1 or 0; F1 and shares in between; undefined when the label has none). */
function score(expected: Expected, stored: Stored): Record<string, number | undefined> {
  const same = (a: string, b: string | null | undefined) => (loose(a) === loose(b) ? 1 : 0);
  const { docket, entries } = stored;
  if (!docket) return { recognised: 0 };
  // ACMS labels write numbers as numbers and dates with a time of day.
  const labelled = (expected.docket_entries ?? []).map((e) => ({
    date_filed: (e.date_filed ?? '').slice(0, 10),
    document_number: e.document_number === null || e.document_number === undefined ? '' : String(e.document_number),
  }));
  const byNumber = new Map(entries.filter((e) => e.number).map((e) => [e.number, e]));
  const dates = labelled.filter(
    (e, i) => (e.document_number ? byNumber.get(e.document_number)?.date : entries[i]?.date) === (e.date_filed ?? ''),
  ).length;
  const numbers = labelled.filter((e) => !e.document_number || byNumber.has(e.document_number)).length;
  const names = new Set(docket.parties.map((p) => loose(p.name)));
  const wanted = new Set((expected.parties ?? []).map((p) => loose(p.name)));
  const found = [...wanted].filter((name) => names.has(name)).length;
  const precision = names.size === 0 ? (wanted.size === 0 ? 1 : 0) : found / names.size;
  const recall = wanted.size === 0 ? 1 : found / wanted.size;
  return {
    recognised: 1,
    docketNumber: same(docket.numberRaw, expected.docket_number),
    court: same(docket.court?.courtId ?? '', expected.court_id),
    caseName: same(docket.title, expected.case_name),
    dateFiled: expected.date_filed ? same(day(docket.openedAt), expected.date_filed) : undefined,
    dateTerminated: expected.date_terminated ? same(day(docket.closedAt), expected.date_terminated) : undefined,
    judge: expected.assigned_to_str ? same(docket.court?.judge ?? '', expected.assigned_to_str) : undefined,
    partiesF1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    entryCount: entries.length === labelled.length ? 1 : 0,
    entryDates: labelled.length === 0 ? undefined : dates / labelled.length,
    entryNumbers: labelled.length === 0 ? undefined : numbers / labelled.length,
  };
}

function mean(values: Array<number | undefined>): { value: number; n: number } {
  const present = values.filter((v): v is number => v !== undefined);
  return {
    value: present.length === 0 ? NaN : round(present.reduce((a, b) => a + b, 0) / present.length, 3),
    n: present.length,
  };
}

async function main(): Promise<void> {
  const files = fs
    .readdirSync(DIR)
    .filter(
      (f) => !f.endsWith('.expected.json') && fs.existsSync(path.join(DIR, f.replace(/\.[^.]+$/u, '.expected.json'))),
    )
    .sort();
  if (files.length === 0) throw new Error(`no labelled docket files in ${DIR}`);
  // The files alone, as a user holds them: the labels stay behind.
  const importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'courts-eval-'));
  for (const file of files) fs.copyFileSync(path.join(DIR, file), path.join(importDir, file));
  log(`${files.length} docket files from ${DIR}`);

  const bench = await startBenchStack({
    env: { SEED_CORPUS: 'false', ADMIN_EMAIL, ADMIN_PASSWORD, VECTOR_SEARCH: 'off' },
  });
  const results: Array<{ file: string; kind: string; score: Record<string, number | undefined> }> = [];
  let importSeconds = 0;
  let entriesStored = 0;
  let run: Awaited<ReturnType<typeof waitForRun>> | undefined;
  let questions: QuestionOutcome[] = [];
  let opinions: OpinionFigures | undefined;
  try {
    const session = await signInForWrites(bench.stack.bffUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await postJson(bench.stack.bffUrl, session, '/api/catalog/sources', SOURCE);
    if (!created.ok) throw new Error(`add source: HTTP ${created.status} ${await created.text()}`);
    const started = performance.now();
    const { runId } = await grpcCall(bench.documents, 'startImport', {
      path: importDir,
      sourceId: SOURCE.id,
      requestedBy: 'courts-eval',
    });
    run = await waitForRun(bench, runId, 30 * 60_000);
    importSeconds = (performance.now() - started) / 1000;

    const stored = await bench.mongo
      .db('documents')
      .collection<{
        docketId?: string;
        description?: string;
        filedAt?: Date;
        provenance?: { sourceDocumentId?: string };
      }>('documents')
      .find({}, { projection: { docketId: 1, description: 1, filedAt: 1, 'provenance.sourceDocumentId': 1 } })
      .toArray();
    const entriesByDocket = new Map<string, Stored['entries']>();
    for (const document of stored) {
      if (!document.docketId || !document.provenance?.sourceDocumentId?.includes('/entry/')) continue;
      entriesStored += 1;
      const entry = {
        number: /Docket entry (\S+)/u.exec(document.description ?? '')?.[1] ?? '',
        date: day(document.filedAt),
      };
      entriesByDocket.set(document.docketId, [...(entriesByDocket.get(document.docketId) ?? []), entry]);
    }
    for (const file of files) {
      const expected = JSON.parse(
        fs.readFileSync(path.join(DIR, file.replace(/\.[^.]+$/u, '.expected.json')), 'utf8'),
      ) as Expected;
      const report = stored.find((d) => d.provenance?.sourceDocumentId === file && d.docketId);
      const response = report?.docketId
        ? await grpcCall(bench.documents, 'getDocket', { docketId: report.docketId }).catch(() => undefined)
        : undefined;
      const docket = response?.docket;
      // Entries in the order the court lists them (by day, then number).
      const entries = [...(report?.docketId ? (entriesByDocket.get(report.docketId) ?? []) : [])].sort(
        (a, b) => a.date.localeCompare(b.date) || Number(a.number || 0) - Number(b.number || 0),
      );
      results.push({
        file,
        kind: kindOf(file),
        score: score(expected, { docket: docket as Stored['docket'], entries }),
      });
    }
    const labelled = files.map((file): LabelledDocket => ({
      ...(JSON.parse(
        fs.readFileSync(path.join(DIR, file.replace(/\.[^.]+$/u, '.expected.json')), 'utf8'),
      ) as LabelledDocket),
      file,
    }));
    questions = await askCaseQuestions(bench.stack.bffUrl, session, labelled);
    opinions = await evaluateOpinions(bench, undefined, log);
  } finally {
    await bench.stop();
    fs.rmSync(importDir, { recursive: true, force: true });
  }

  const fields = [
    'recognised',
    'docketNumber',
    'court',
    'caseName',
    'dateFiled',
    'dateTerminated',
    'judge',
    'partiesF1',
    'entryCount',
    'entryDates',
    'entryNumbers',
  ];
  const kinds = [...new Set(results.map((r) => r.kind))].sort();
  const table = fields.map((field) => ({
    field,
    all: mean(results.map((r) => r.score[field])),
    ...Object.fromEntries(
      kinds.map((kind) => [kind, mean(results.filter((r) => r.kind === kind).map((r) => r.score[field]))]),
    ),
  }));
  const cell = (m: { value: number; n: number }) => (m.n === 0 ? '-' : `${m.value} (${m.n})`);
  console.log(['field'.padEnd(15), 'all'.padStart(12), ...kinds.map((k) => k.padStart(14))].join(' '));
  for (const row of table)
    console.log(
      [
        row.field.padEnd(15),
        cell(row.all).padStart(12),
        ...kinds.map((k) => cell(row[k as keyof typeof row] as { value: number; n: number }).padStart(14)),
      ].join(' '),
    );
  const load = os.loadavg().map((v) => round(v, 2));
  console.log(
    `import: ${files.length} files, ${entriesStored} entries stored ` +
      `in ${round(importSeconds)} s (${round(entriesStored / Math.max(importSeconds, 0.001))} entries/s); ` +
      `run ${JSON.stringify(run && { seen: run.seen, new: run.new, failed: run.failed })}; ` +
      `load average ${load.join(' / ')} on ${os.cpus().length} cores`,
  );
  printQuestions(questions);
  for (const line of opinions ? opinionFigureLines(opinions) : []) console.log(line);
  const misses = results.flatMap((r) =>
    Object.entries(r.score)
      .filter(([, v]) => v !== undefined && v < 1)
      .map(([field, v]) => `${r.file} ${field} ${round(v as number, 2)}`),
  );
  if (misses.length > 0) console.log(`below 1: ${misses.join('; ')}`);
  writeBenchResult('courts-eval', {
    bench: 'courts-eval',
    at: new Date().toISOString(),
    machine: machine(),
    dir: DIR,
    importSeconds: round(importSeconds),
    entriesStored,
    run,
    table,
    results,
    questions,
  });
}

/** Accuracy per kind of case question, and how long an answer took through the BFF. */
function printQuestions(outcomes: readonly QuestionOutcome[]): void {
  const kinds = [...new Set(outcomes.map((o) => o.kind))];
  console.log(`case questions through the BFF (${outcomes.length}):`);
  for (const kind of [...kinds, 'all']) {
    const of = outcomes.filter((o) => kind === 'all' || o.kind === kind);
    const ms = of.map((o) => o.ms).sort((a, b) => a - b);
    const p50 = ms[Math.floor(ms.length / 2)] ?? NaN;
    console.log(
      `  ${kind.padEnd(15)} ${String(round(of.filter((o) => o.correct).length / of.length, 3)).padStart(6)} ` +
        `(${of.length})  p50 ${round(p50)} ms`,
    );
  }
  const wrong = outcomes.filter((o) => !o.correct);
  if (wrong.length > 0)
    console.log(`wrong: ${wrong.map((o) => `${o.file} ${o.kind}: ${o.error ?? o.answer.slice(0, 120)}`).join('\n  ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
