import { NUMBER_WORDS } from './lexicon';
import type { PercentageFact } from './text-fact';

const RANGE = '(?:\\s?[-–—]\\s?|\\s(?:to|and)\\s)';
const PCT_NUM = '\\d{1,3}(?:\\.\\d+)?';
const PCT_UNIT = '\\s?%|\\s?-?percent\\b|\\sper\\scent\\b|\\spercentage\\spoints?\\b';
const BASIS_POINTS = '\\sbasis\\spoints\\b';
// "3.1%", "10.75 percent", "7-percent", "3 and 4 percent", "9.5–10.5%", "0.5 percentage points"
// (and "50 basis points").
const numericPercent = (units: string) =>
  new RegExp(`(?<![\\w.,$])(${PCT_NUM})(?:${RANGE}(${PCT_NUM}))?(${units})`, 'g');
const NUMERIC_PERCENT = numericPercent(`${PCT_UNIT}|${BASIS_POINTS}`);
const NUMERIC_PERCENT_NO_BASIS = numericPercent(PCT_UNIT);
const WORD = Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');
// "ten percent", "forty-five percent", "one hundred percent".
const WORD_PERCENT = new RegExp(`\\b((?:${WORD})(?:[-\\s](?:${WORD}))?)[-\\s](?:percent|per\\scent)\\b`, 'gi');

export interface PercentageOptions {
  /**
   * Read "50 basis points" as a percentage (default true). The documents service's entity extraction
   * turns it off: its labelled gold counts only percent signs and words as percentages.
   */
  basisPoints?: boolean;
}

function wordsToNumber(words: string): number {
  return words
    .toLowerCase()
    .split(/[-\s]+/)
    .reduce((total, word) => (word === 'hundred' ? Math.max(1, total) * 100 : total + (NUMBER_WORDS[word] ?? 0)), 0);
}

/**
 * Percentages; value is the number (the low end of a range). Basis points are given in percent
 * (50 basis points → 0.5) and, like percentage points, flagged as `points`.
 */
export function extractPercentages(text: string, options: PercentageOptions = {}): PercentageFact[] {
  const found: PercentageFact[] = [];
  for (const match of text.matchAll(options.basisPoints === false ? NUMERIC_PERCENT_NO_BASIS : NUMERIC_PERCENT)) {
    const start = match.index ?? 0;
    const unit = (match[3] ?? '').trim().toLowerCase();
    const basis = unit.startsWith('basis');
    const value = Number(match[1]) / (basis ? 100 : 1);
    found.push({
      kind: 'percentage',
      text: match[0],
      start,
      end: start + match[0].length,
      value,
      points: basis || unit.startsWith('percentage'),
    });
  }
  for (const match of text.matchAll(WORD_PERCENT)) {
    const start = match.index ?? 0;
    found.push({
      kind: 'percentage',
      text: match[0],
      start,
      end: start + match[0].length,
      value: wordsToNumber(match[1] ?? ''),
      points: false,
    });
  }
  return found;
}
