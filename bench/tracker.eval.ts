/**
 * How right the rate-case tracker is as the product publishes it (figures, never pass/fail): the
 * generated corpus loaded by the documents service's seeder → Kafka → the query-engine's index →
 * the monthly releases the query-engine computes and publishes → every row of every release read
 * back from the documents service, scored cell by cell against the generator's truth
 * (bench/support/tracker-truth.ts).
 *
 *   npm run eval:tracker                                  # seed 'docket-research', 120 dockets, 4,000 filings
 *   npm run eval:tracker -- --seed held-back --dockets 200 --filings 6000
 *
 * Prints per column: cells stated by the filings, cells right, cells wrong, cells invented (a value
 * where the filings by then state none) and cells missed; and overall accuracy of stated cells.
 */
import { parseArgs } from 'node:util';
import {
  corpusShiftMs,
  generateCatalog,
  generateDockets,
  generateFilings,
  proceedingRecord,
  type Filing,
} from '@docket/corpus';
import { pollUntil } from '@docket/local-infra';
import { grpcCall } from '@docket/service-kit';
import { machine, printTable, round, writeBenchResult } from './support/bench-output';
import { startBenchStack, type BenchStack } from './support/bench-stack';
import { calendarTruth, trackerTruth, type TruthCell } from './support/tracker-truth';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: 'docket-research' },
    dockets: { type: 'string', default: '120' },
    filings: { type: 'string', default: '4000' },
    releases: { type: 'string', default: '6' },
  },
});
const DAY_MS = 86_400_000;
const PRODUCT = 'rate-case-tracker';
const CALENDAR = 'procedural-calendar';

interface ColumnScore {
  stated: number;
  right: number;
  wrong: number;
  invented: number;
  missed: number;
}

async function readRows(
  bench: BenchStack,
  releaseId: string,
  dataProductId = PRODUCT,
): Promise<Record<string, TruthCell>[]> {
  const rows: Record<string, TruthCell>[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await grpcCall(bench.documents, 'readReleaseRows', {
      dataProductId,
      releaseId,
      filters: [],
      sortColumn: '',
      descending: false,
      offset,
      limit: 500,
    });
    rows.push(...page.rowsJson.map((json) => JSON.parse(json) as Record<string, TruthCell>));
    if (page.rowsJson.length < 500) return rows;
  }
}

/** Every date of every release of the procedural calendar against the dates the filings set by then. */
async function scoreCalendar(bench: BenchStack, byProceeding: Map<string, Filing[]>) {
  const product = await grpcCall(bench.documents, 'getDataProduct', { dataProductId: CALENDAR });
  const score = {
    releases: product.releases.length,
    rows: 0,
    right: 0,
    wrongStatus: 0,
    invented: 0,
    stated: 0,
    missed: 0,
  };
  for (const release of product.releases) {
    const rows = await readRows(bench, release.id, CALENDAR);
    const seen = new Set(rows.map((row) => `${row.proceeding_id}|${row.event}|${row.date}`));
    for (const row of rows) {
      score.rows += 1;
      const truth = calendarTruth(byProceeding.get(String(row.proceeding_id)) ?? [], release.asOf).get(
        String(row.event),
      );
      if (!truth?.dates.has(String(row.date))) score.invented += 1;
      else if ((truth.current === row.date) === (row.status === 'current')) score.right += 1;
      else score.wrongStatus += 1;
    }
    for (const id of byProceeding.keys()) {
      for (const [event, truth] of calendarTruth(byProceeding.get(id) ?? [], release.asOf)) {
        for (const date of truth.dates) {
          score.stated += 1;
          if (!seen.has(`${id}|${event}|${date}`)) score.missed += 1;
        }
      }
    }
  }
  return score;
}

/** The sentence a cell cites, for reading a wrong one. */
function sourceOf(row: Record<string, TruthCell>, column: string): string {
  const sources = row.sources ? (JSON.parse(String(row.sources)) as Record<string, { quote: string }>) : {};
  return sources[column]?.quote.slice(0, 200) ?? '';
}

function same(column: string, value: TruthCell, truth: TruthCell): boolean {
  if (typeof truth === 'number') return Number(value) === truth;
  if (column === 'utility') return String(value).toLowerCase() === String(truth).toLowerCase();
  return String(value) === String(truth);
}

async function main(): Promise<void> {
  const seed = args.seed!;
  const now = new Date();
  const bench = await startBenchStack({
    env: {
      SEED_CORPUS: 'true',
      SEED_CORPUS_SEED: seed,
      SEED_FILINGS: args.filings!,
      SEED_DOCKETS: args.dockets!,
      VECTOR_SEARCH: 'off',
      COMPUTED_RELEASES_EVERY_MS: '30000',
    },
  });
  try {
    const started = Date.now();
    const wanted = Number(args.releases);
    const releases = await pollUntil(
      async () => {
        const crash = bench.crashed();
        if (crash) throw new Error(crash);
        const product = await grpcCall(bench.documents, 'getDataProduct', { dataProductId: PRODUCT });
        return product.releases.length >= wanted ? product.releases : undefined;
      },
      { timeoutMs: 40 * 60_000, intervalMs: 2_000, description: `${wanted} releases of the tracker` },
    );
    const computedInS = round((Date.now() - started) / 1000);

    const catalog = generateCatalog(seed);
    const dockets = generateDockets(seed, catalog, Number(args.dockets));
    const shiftDays = corpusShiftMs(now) / DAY_MS;
    const byProceeding = new Map<string, Filing[]>();
    for (const filing of generateFilings(seed, catalog, dockets, { count: Number(args.filings), shiftDays })) {
      const key = `${filing.sourceId}:${filing.docketNumber}`;
      (byProceeding.get(key) ?? byProceeding.set(key, []).get(key)!).push(filing);
    }
    const applicants = new Map(dockets.map((d) => [`${d.sourceId}:${d.number}`, proceedingRecord(seed, d).applicant]));
    const rateCases = new Set(
      dockets.filter((d) => d.caseType === 'rate case').map((d) => `${d.sourceId}:${d.number}`),
    );

    const scores = new Map<string, ColumnScore>();
    const score = (column: string) => {
      let s = scores.get(column);
      if (!s) scores.set(column, (s = { stated: 0, right: 0, wrong: 0, invented: 0, missed: 0 }));
      return s;
    };
    const perRelease: { asOf: string; rows: number; rateCasesFiled: number; summary: string }[] = [];
    const wrongExamples: object[] = [];
    const inventedExamples: object[] = [];
    for (const release of [...releases].reverse()) {
      const rows = await readRows(bench, release.id);
      const filedBy = [...rateCases].filter((key) =>
        (byProceeding.get(key) ?? []).some((f) => f.filedAt.slice(0, 10) <= release.asOf),
      );
      perRelease.push({
        asOf: release.asOf,
        rows: rows.length,
        rateCasesFiled: filedBy.length,
        summary: release.changeLog?.summary ?? '(first release)',
      });
      for (const row of rows) {
        const id = String(row.proceeding_id);
        const truth = trackerTruth(byProceeding.get(id) ?? [], release.asOf, applicants.get(id) ?? '');
        for (const [column, expected] of Object.entries(truth)) {
          if (!(column in row)) continue; // a column this release does not have yet
          const value = row[column] ?? null;
          const s = score(column);
          if (expected === null) {
            if (value !== null) {
              s.invented += 1;
              if (inventedExamples.length < 20)
                inventedExamples.push({
                  asOf: release.asOf,
                  proceeding: id,
                  column,
                  value,
                  source: sourceOf(row, column),
                });
            }
            continue;
          }
          s.stated += 1;
          if (value === null) s.missed += 1;
          else if (same(column, value, expected)) s.right += 1;
          else {
            s.wrong += 1;
            if (wrongExamples.length < 20)
              wrongExamples.push({ asOf: release.asOf, proceeding: row.proceeding_id, column, value, expected });
          }
        }
      }
    }
    const calendar = await scoreCalendar(bench, byProceeding);
    const totals = [...scores.values()].reduce(
      (t, s) => ({
        stated: t.stated + s.stated,
        right: t.right + s.right,
        wrong: t.wrong + s.wrong,
        invented: t.invented + s.invented,
        missed: t.missed + s.missed,
      }),
      { stated: 0, right: 0, wrong: 0, invented: 0, missed: 0 },
    );
    const valued = totals.right + totals.wrong;
    const result = {
      seed,
      dockets: Number(args.dockets),
      filings: Number(args.filings),
      computedInS,
      releases: perRelease,
      columns: Object.fromEntries(scores),
      totals,
      rightOfValuedCells: round(valued > 0 ? totals.right / valued : 0, 4),
      rightOfStatedCells: round(totals.stated > 0 ? totals.right / totals.stated : 0, 4),
      wrongExamples,
      inventedExamples,
      calendar,
      machine: machine(),
    };
    printTable(`rate-case tracker (seed ${seed}, ${args.dockets} dockets, ${args.filings} filings)`, [
      ['releases computed and published in', `${computedInS} s`],
      ...perRelease.map((r): [string, string] => [
        `release as of ${r.asOf}`,
        `${r.rows} rows (${r.rateCasesFiled} rate cases filed by then); ${r.summary}`,
      ]),
      ...[...scores.entries()].map(([column, s]): [string, string] => [
        column,
        `stated ${s.stated}, right ${s.right}, wrong ${s.wrong}, missed ${s.missed}, invented ${s.invented}`,
      ]),
      ['cells with a value that are right', `${result.rightOfValuedCells}`],
      ['stated cells right (missed count as not)', `${result.rightOfStatedCells}`],
      ['cells invented', `${totals.invented}`],
      [
        'procedural calendar',
        `${calendar.releases} releases, ${calendar.rows} dates: ${calendar.right} right (date set by a filing, ` +
          `marked current or superseded rightly), ${calendar.wrongStatus} wrongly marked, ${calendar.invented} ` +
          `invented; ${calendar.missed} of ${calendar.stated} dates the filings set missing`,
      ],
      ['load average (1 min)', `${machine().loadAverage1m}`],
    ]);
    for (const example of wrongExamples.slice(0, 8)) console.log('  wrong:', JSON.stringify(example));
    for (const example of inventedExamples.slice(0, 8)) console.log('  invented:', JSON.stringify(example));
    console.log(`written ${writeBenchResult(`tracker-${seed}`, result)}`);
  } finally {
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
