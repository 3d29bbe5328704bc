/**
 * The opinion pages of `npm run eval:courts`: the courts' and agencies' opinion pages of
 * ../shared/eval/courts/opinions are copied without their labels into one directory, imported into a
 * court source of their own (StartImport) on the running bench stack, and the opinions stored from each
 * page are compared with the records of its `*.expected.json`. Each expected record is paired with the
 * stored opinion of its page that agrees with it on most fields; per field, the share of expected
 * records (those whose label states the field) whose pair agrees: case name (compared as words,
 * without case or punctuation), date, docket number (without case or spaces) and document link (a
 * relative link, from a page saved without its address, resolved against the labelled link's site;
 * `urlExact` counts exact links only). Pages of identical bytes are one page to the importer
 * (its opinions are stored once): each is scored on what that page gave.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { grpcCall } from '@docket/service-kit';
import { round } from '../support/bench-output';
import { waitForRun, type BenchStack } from '../support/bench-stack';

export const OPINIONS_DIR = path.resolve(__dirname, '../../../shared/eval/courts/opinions');
const SOURCE_ID = 'court-opinions';
const FIELDS = ['caseName', 'date', 'docketNumber', 'url', 'urlExact'] as const;
type Field = (typeof FIELDS)[number];
/** The fields a record is read whole by (and paired on). */
const RECORD_FIELDS: readonly Field[] = ['caseName', 'date', 'docketNumber', 'url'];
type Opinion = Record<Field, string>;

interface ExpectedRecord {
  case_names?: string | null;
  case_dates?: string | null;
  docket_numbers?: string | null;
  download_urls?: string | null;
}

interface StoredOpinion {
  title?: string;
  filedAt?: Date;
  docketNumber?: string;
  filingType?: string;
  provenance?: { sourceDocumentId?: string; sourceUrl?: string };
}

export interface OpinionFigures {
  pages: number;
  /** Pages read as opinions (a listing, or a page of one opinion). */
  pagesRead: number;
  expectedRecords: number;
  storedOpinions: number;
  /** Per field: agreeing records of those whose label states the field. */
  fields: Record<Field, { agree: number; of: number; share: number }>;
  /** Expected records whose pair agrees on every field the label states. */
  wholeRecords: { agree: number; of: number; share: number };
  /** Pages with at least one expected record read whole. */
  pagesWithAWholeRecord: number;
  pagesWithRecords: number;
  importSeconds: number;
  run: { seen: number; new: number; failed: number };
  loadAverage: number[];
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim();
const same = (normal: (value: string) => string) => (expected: string, stored: string) =>
  normal(expected) === normal(stored);
const AGREES: Record<Field, (expected: string, stored: string) => boolean> = {
  caseName: same(words),
  date: same((value) => value.slice(0, 10)),
  docketNumber: same((value) => value.toLowerCase().replace(/\s+/gu, '')),
  url: (expected, stored) => stored.trim() !== '' && resolved(stored, expected) === expected.trim(),
  urlExact: same((value) => value.trim()),
};

/** A link as the browser would follow it from a page of the labelled link's site. */
function resolved(link: string, site: string): string {
  try {
    return new URL(link.trim(), site.trim()).toString();
  } catch {
    return link.trim();
  }
}

function expectedOf(record: ExpectedRecord): Opinion {
  const url = record.download_urls ?? '';
  return {
    caseName: record.case_names ?? '',
    date: record.case_dates ?? '',
    docketNumber: record.docket_numbers ?? '',
    url,
    urlExact: url,
  };
}

function storedOf(document: StoredOpinion): Opinion {
  return {
    caseName: document.title ?? '',
    date: document.filedAt ? document.filedAt.toISOString().slice(0, 10) : '',
    docketNumber: document.docketNumber ?? '',
    url: document.provenance?.sourceUrl ?? '',
    urlExact: document.provenance?.sourceUrl ?? '',
  };
}

/** The fields (of those the label states) on which a stored opinion agrees with an expected record. */
function agreement(expected: Opinion, stored: Opinion | undefined): Field[] {
  return FIELDS.filter(
    (field) => expected[field] !== '' && stored !== undefined && AGREES[field](expected[field], stored[field]),
  );
}

const score = (agree: Field[]) => agree.filter((field) => RECORD_FIELDS.includes(field)).length;

/**
 * Each expected record with the unused stored opinion agreeing with it on most fields (none when none agrees on any).
 */
function pairs(expected: Opinion[], stored: Opinion[]): Array<{ expected: Opinion; agree: Field[] }> {
  const unused = new Set(stored.map((_, index) => index));
  return expected.map((record) => {
    let best: { index: number; agree: Field[] } | undefined;
    for (const index of unused) {
      const agree = agreement(record, stored[index]);
      if (score(agree) > (best ? score(best.agree) : 0)) best = { index, agree };
      if (best && score(best.agree) === RECORD_FIELDS.length) break;
    }
    if (best) unused.delete(best.index);
    return { expected: record, agree: best?.agree ?? [] };
  });
}

/** Imports the labelled opinion pages (their labels left behind) into the running stack and scores what it stored. */
export async function evaluateOpinions(
  bench: BenchStack,
  dir = OPINIONS_DIR,
  log: (line: string) => void = () => undefined,
): Promise<OpinionFigures> {
  const files = fs
    .readdirSync(dir)
    .filter(
      (f) => !f.endsWith('.expected.json') && fs.existsSync(path.join(dir, f.replace(/\.[^.]+$/u, '.expected.json'))),
    )
    .sort();
  if (files.length === 0) throw new Error(`no labelled opinion pages in ${dir}`);
  const importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'courts-eval-opinions-'));
  const hashOf = new Map<string, string>();
  for (const file of files) {
    fs.copyFileSync(path.join(dir, file), path.join(importDir, file));
    hashOf.set(
      file,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(dir, file)))
        .digest('hex'),
    );
  }
  log(`${files.length} opinion pages from ${dir}`);
  try {
    await grpcCall(bench.documents, 'createSource', {
      id: SOURCE_ID,
      name: 'Court opinions',
      kind: 'court',
      shortName: 'Opinions',
      jurisdiction: '',
      state: '',
      homeUrl: '',
      docketPattern: '',
      createdBy: 'courts-eval',
    });
    const started = performance.now();
    const { runId } = await grpcCall(bench.documents, 'startImport', {
      path: importDir,
      sourceId: SOURCE_ID,
      requestedBy: 'courts-eval',
    });
    const run = await waitForRun(bench, runId, 30 * 60_000);
    const importSeconds = (performance.now() - started) / 1000;

    const documents = await bench.mongo
      .db('documents')
      .collection<StoredOpinion>('documents')
      .find(
        { sourceId: SOURCE_ID, filingType: 'Opinion' },
        { projection: { title: 1, filedAt: 1, docketNumber: 1, filingType: 1, provenance: 1 } },
      )
      .toArray();
    // A listing's opinions are keyed "<page>#opinion/…"; a page of one opinion is the page itself.
    const byPage = new Map<string, Opinion[]>();
    for (const document of documents) {
      const page = (document.provenance?.sourceDocumentId ?? '').split('#')[0] as string;
      byPage.set(page, [...(byPage.get(page) ?? []), storedOf(document)]);
    }
    const storedFor = (file: string) =>
      files.filter((other) => hashOf.get(other) === hashOf.get(file)).flatMap((same) => byPage.get(same) ?? []);

    const tally = Object.fromEntries(FIELDS.map((field) => [field, { agree: 0, of: 0 }])) as Record<
      Field,
      { agree: number; of: number }
    >;
    const whole = { agree: 0, of: 0 };
    let pagesWithAWholeRecord = 0;
    let pagesWithRecords = 0;
    let expectedRecords = 0;
    for (const file of files) {
      const expected = (
        JSON.parse(
          fs.readFileSync(path.join(dir, file.replace(/\.[^.]+$/u, '.expected.json')), 'utf8'),
        ) as ExpectedRecord[]
      ).map(expectedOf);
      expectedRecords += expected.length;
      if (expected.length > 0) pagesWithRecords += 1;
      let wholeOnPage = false;
      for (const { expected: record, agree } of pairs(expected, storedFor(file))) {
        const stated = FIELDS.filter((field) => record[field] !== '');
        for (const field of stated) {
          tally[field].of += 1;
          if (agree.includes(field)) tally[field].agree += 1;
        }
        whole.of += 1;
        if (stated.every((field) => !RECORD_FIELDS.includes(field) || agree.includes(field))) {
          whole.agree += 1;
          wholeOnPage = true;
        }
      }
      if (wholeOnPage) pagesWithAWholeRecord += 1;
    }
    const share = ({ agree, of }: { agree: number; of: number }) => ({
      agree,
      of,
      share: of === 0 ? NaN : round(agree / of, 3),
    });
    return {
      pages: files.length,
      pagesRead: files.filter((file) => storedFor(file).length > 0).length,
      expectedRecords,
      storedOpinions: documents.length,
      fields: Object.fromEntries(FIELDS.map((field) => [field, share(tally[field])])) as OpinionFigures['fields'],
      wholeRecords: share(whole),
      pagesWithAWholeRecord,
      pagesWithRecords,
      importSeconds: round(importSeconds),
      run: { seen: run.seen, new: run.new, failed: run.failed },
      loadAverage: os.loadavg().map((value) => round(value, 2)),
    };
  } finally {
    fs.rmSync(importDir, { recursive: true, force: true });
  }
}

/** The figures as printed lines. */
export function opinionFigureLines(figures: OpinionFigures): string[] {
  const field = (name: Field) =>
    `${name} ${figures.fields[name].share} (${figures.fields[name].agree}/${figures.fields[name].of})`;
  return [
    `opinions: ${figures.pagesRead}/${figures.pages} pages read as opinions; ` +
      `${figures.storedOpinions} opinions stored for ${figures.expectedRecords} expected records`,
    `opinions per field: ${FIELDS.map(field).join(', ')}`,
    `opinions: ${figures.wholeRecords.share} of expected records read whole ` +
      `(${figures.wholeRecords.agree}/${figures.wholeRecords.of}); ` +
      `${figures.pagesWithAWholeRecord}/${figures.pagesWithRecords} pages with a record read whole`,
    `opinions import: ${figures.importSeconds} s, run ${JSON.stringify(figures.run)}; ` +
      `load average ${figures.loadAverage.join(' / ')} on ${os.cpus().length} cores`,
  ];
}
