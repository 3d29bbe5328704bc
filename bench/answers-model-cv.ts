/**
 * Whether the answer's sentences should be ranked with the embedding model too, chosen by five-fold
 * cross-validation over the questions of eval:answers runs (figures, never pass/fail):
 *
 *   npm run eval:answers                                   # BM25 alone (the baseline)
 *   npm run eval:answers -- --sentence-model 0.1:20        # and each setting to choose among
 *   npx tsx bench/answers-model-cv.ts [--seed eval-dev]
 *
 * Reads .data/bench/answers-eval-<seed>.json and every answers-eval-<seed>-model-*.json. A question's
 * score is its slot plus its citation support (support counts as the slot where nothing was cited).
 * Each fold's figure is that of the setting the other four folds chose (ties go to BM25 alone, which
 * costs nothing); the held-out figures are never of a setting chosen on the same questions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { round } from './support/bench-output';

const { values: args } = parseArgs({ options: { seed: { type: 'string', default: 'eval-dev' } } });
const FOLDS = 5;
const DIR = path.join('.data', 'bench');
const BASELINE = 'bm25';

interface Answer {
  id: string;
  slot: number;
  support: number | null;
}

function scoreOf(answer: Answer): number {
  return answer.slot + (answer.support ?? answer.slot);
}

function load(file: string): Map<string, number> {
  const { answers } = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as { answers: Answer[] };
  return new Map(answers.map((answer) => [answer.id, scoreOf(answer)]));
}

const prefix = `answers-eval-${args.seed.replace(/[^\w-]+/g, '_')}`;
const settings = new Map<string, Map<string, number>>([[BASELINE, load(`${prefix}.json`)]]);
for (const file of fs.readdirSync(DIR).sort()) {
  const match = new RegExp(`^${prefix}-model-(.+)\\.json$`).exec(file);
  if (match) settings.set(`model ${match[1]!.replace('_', ':')}`, load(file));
}
if (settings.size < 2) throw new Error(`no ${prefix}-model-*.json in ${DIR}: run eval:answers --sentence-model first`);

const ids = [...settings.get(BASELINE)!.keys()].filter((id) => [...settings.values()].every((s) => s.has(id)));
const foldOf = (index: number) => index % FOLDS;
const mean = (scores: Map<string, number>, chosen: string[]) =>
  chosen.reduce((sum, id) => sum + scores.get(id)!, 0) / Math.max(1, chosen.length);

console.log(`${ids.length} questions of seed "${args.seed}", ${settings.size} settings, ${FOLDS} folds`);
console.log('score = slot + citation support per question (0-2)');
const heldOut: { chosen: number; baseline: number; n: number }[] = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const train = ids.filter((_, i) => foldOf(i) !== fold);
  const test = ids.filter((_, i) => foldOf(i) === fold);
  let best = BASELINE;
  for (const [name, scores] of settings) if (mean(scores, train) > mean(settings.get(best)!, train) + 1e-9) best = name;
  const chosen = mean(settings.get(best)!, test);
  const baseline = mean(settings.get(BASELINE)!, test);
  heldOut.push({ chosen, baseline, n: test.length });
  console.log(
    `fold ${fold + 1}: chose ${best.padEnd(14)} held out ${round(chosen, 4)} (BM25 alone ${round(baseline, 4)})`,
  );
}
const weighted = (key: 'chosen' | 'baseline') =>
  heldOut.reduce((sum, fold) => sum + fold[key] * fold.n, 0) / ids.length;
console.log(
  `held-out folds: chosen settings ${round(weighted('chosen'), 4)}, BM25 alone ${round(weighted('baseline'), 4)}`,
);
console.log('each setting over every question (not a held-out figure):');
for (const [name, scores] of settings) console.log(`  ${name.padEnd(14)} ${round(mean(scores, ids), 4)}`);
