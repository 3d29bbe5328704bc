/**
 * How right the filing types are (figures, never pass/fail).
 *
 *   npm run eval:classify                       # the default corpus's seed and 'eval-dev'
 *   npm run eval:classify -- --seeds a,b --filings 20000
 *
 * Generated filings: the documents service's classifier (classifyFiling) against the generator's
 * truth, twice: as the corpus arrives (title, the source's native type, first page) and from the
 * content alone (title and first page, no native type, as an uploaded PDF arrives).
 *
 * Real filings: the docket entries of ../shared/eval/courts/dockets/*.expected.json. CM/ECF makes the
 * filer pick the event (ORDER, MOTION, NOTICE…), which its description starts with: that first word,
 * mapped by the table below (the court's own label, not the classifier's rules), is the truth; an
 * entry whose first word is not in the table has no known type and is left out. Opinions are not
 * counted: a listing page is split into its opinions by the importer, not typed by the classifier.
 *
 * Prints accuracy and the confusions per type; writes .data/bench/classify-eval.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CORPUS_SEED, generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { classifyFiling, type FilingEvidence } from '../services/documents/src/domain/filing-classifier';
import { machine, writeBenchResult } from './support/bench-output';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const SEEDS = (argument('seeds') ?? `${DEFAULT_CORPUS_SEED},eval-dev`).split(',');
const FILINGS = Number(argument('filings') ?? 20_000);
const DOCKETS = Number(argument('dockets') ?? 500);
const COURTS_DIR = path.resolve(__dirname, '../../shared/eval/courts/dockets');

// CM/ECF's event words and the filing type each names (leading modifiers are skipped first).
const CMECF_EVENTS: Record<string, string> = {
  order: 'Order',
  ruling: 'Order',
  'minute order': 'Order',
  'letter order': 'Order',
  'scheduling order': 'Order',
  'text order': 'Order',
  motion: 'Motion',
  'motion(s)': 'Motion',
  notice: 'Notice',
  summons: 'Notice',
  certificate: 'Notice',
  transcript: 'Notice',
  complaint: 'Application',
  'voluntary petition': 'Application',
  judgment: 'Decision',
  'memorandum opinion': 'Decision',
  opinion: 'Decision',
  brief: 'Brief',
  answer: 'Brief',
  response: 'Brief',
  reply: 'Brief',
  objection: 'Brief',
  declaration: 'Testimony',
  affidavit: 'Testimony',
  exhibit: 'Testimony',
  stipulation: 'Stipulation',
  letter: 'Comment',
};
const CMECF_MODIFIERS = /^(?:\*+sealed\*+|amended|joint|unopposed|agreed|first|second|emergency|consent)\s+/i;

interface Tally {
  total: number;
  correct: number;
  /** truth -> predicted -> count */
  confusion: Map<string, Map<string, number>>;
  examples: Map<string, string[]>;
}

function tally(): Tally {
  return { total: 0, correct: 0, confusion: new Map(), examples: new Map() };
}

function count(t: Tally, truth: string, predicted: string, example: string): void {
  t.total += 1;
  if (truth === predicted) t.correct += 1;
  const row = t.confusion.get(truth) ?? new Map<string, number>();
  row.set(predicted, (row.get(predicted) ?? 0) + 1);
  t.confusion.set(truth, row);
  if (truth !== predicted) {
    const key = `${truth} -> ${predicted}`;
    const list = t.examples.get(key) ?? [];
    if (list.length < 3) list.push(example);
    t.examples.set(key, list);
  }
}

function print(title: string, t: Tally): object {
  console.log(`\n${title}: accuracy ${(t.correct / Math.max(1, t.total)).toFixed(4)} (${t.correct}/${t.total})`);
  const perType: Record<string, object> = {};
  for (const [truth, row] of [...t.confusion].sort()) {
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    const right = row.get(truth) ?? 0;
    const wrong = [...row]
      .filter(([p]) => p !== truth)
      .map(([p, n]) => `${p} ${n}`)
      .join(', ');
    console.log(
      `  ${truth.padEnd(12)} ${(right / total).toFixed(4)}  (${right}/${total})${wrong ? `  taken for: ${wrong}` : ''}`,
    );
    perType[truth] = {
      accuracy: right / total,
      total,
      confusedWith: Object.fromEntries([...row].filter(([p]) => p !== truth)),
    };
  }
  for (const [key, list] of t.examples)
    console.log(`    e.g. ${key}: ${list.map((e) => JSON.stringify(e)).join('; ')}`);
  return { accuracy: t.correct / Math.max(1, t.total), total: t.total, perType };
}

function generated(seed: string): { asImported: Tally; contentOnly: Tally } {
  const catalog = generateCatalog(seed);
  const dockets = generateDockets(seed, catalog, DOCKETS);
  const asImported = tally();
  const contentOnly = tally();
  for (const filing of generateFilings(seed, catalog, dockets, { count: FILINGS, pdfShare: 0 })) {
    const evidence: FilingEvidence = {
      title: filing.title,
      nativeType: filing.filingTypeNative,
      firstPage: filing.pages[0],
    };
    count(
      asImported,
      filing.filingCategory,
      classifyFiling(evidence).category,
      `${filing.filingTypeNative}: ${filing.title}`,
    );
    count(
      contentOnly,
      filing.filingCategory,
      classifyFiling({ ...evidence, nativeType: undefined }).category,
      filing.title,
    );
  }
  return { asImported, contentOnly };
}

function realDocketEntries(): Tally {
  const t = tally();
  for (const file of fs.readdirSync(COURTS_DIR).filter((f) => f.endsWith('.expected.json'))) {
    const expected = JSON.parse(fs.readFileSync(path.join(COURTS_DIR, file), 'utf8')) as {
      docket_entries?: Array<{ description?: string }>;
    };
    for (const entry of expected.docket_entries ?? []) {
      const description = (entry.description ?? '').trim();
      let lead = description.toLowerCase();
      while (CMECF_MODIFIERS.test(lead)) lead = lead.replace(CMECF_MODIFIERS, '');
      const event = Object.keys(CMECF_EVENTS)
        .filter((word) => lead.startsWith(word) && /^[\s:.,[-]|^$/.test(lead.slice(word.length, word.length + 1)))
        .sort((a, b) => b.length - a.length)[0];
      if (!event) continue;
      count(t, CMECF_EVENTS[event]!, classifyFiling({ title: description }).category, description.slice(0, 120));
    }
  }
  return t;
}

function main(): void {
  const results: Record<string, object> = {};
  for (const seed of SEEDS) {
    const { asImported, contentOnly } = generated(seed);
    results[`generated ${seed}, as imported`] = print(
      `generated corpus, seed ${seed}, ${FILINGS} filings, as imported (title, native type, first page)`,
      asImported,
    );
    results[`generated ${seed}, content only`] = print(
      `generated corpus, seed ${seed}, content only (title, first page)`,
      contentOnly,
    );
  }
  if (fs.existsSync(COURTS_DIR)) {
    results['real docket entries'] = print(
      'real docket entries (../shared/eval/courts), truth: the CM/ECF event each description starts with',
      realDocketEntries(),
    );
  } else {
    console.log(`\n${COURTS_DIR} is missing: no real filings measured`);
  }
  const file = writeBenchResult('classify-eval', { machine: machine(), seeds: SEEDS, filings: FILINGS, results });
  console.log(`\nwritten to ${file}`);
}

main();
