import type { MoneyFact } from './text-fact';

const NUM = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?';
const MULT = 'thousand|million|billion|trillion';
const CUR = '(?:US\\$|\\$|USD\\s?)';
const RANGE = '(?:\\s?[-–—]\\s?|\\s(?:to|and)\\s)';
const MULTIPLIERS: Record<string, number> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  k: 1e3,
  m: 1e6,
  mm: 1e6,
  b: 1e9,
  bn: 1e9,
};

// "$4.2 million", "$1,234,567.89", "USD 3 billion", and ranges sharing one multiplier: "$14.5–$16 million".
const CURRENCY_AMOUNT = new RegExp(
  `(?<![\\w$])${CUR}(${NUM})(?:\\s?(${MULT}|bn|mm|[MBK])\\b|(?:${RANGE}${CUR}?(${NUM})\\s?(${MULT})\\b))?`,
  'g',
);
// "4.2 million dollars", "3.6 cents", "3.81 mills", "9.8¢".
const WORD_AMOUNT = new RegExp(`(?<![\\w$.,])(${NUM})(?:\\s(${MULT}))?(?:\\s(dollars|cents|mills)\\b|\\s?(¢))`, 'g');

function toNumber(digits: string): number {
  return Number(digits.replace(/,/g, ''));
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Amounts of money; value in currency units (cents and mills as fractions of a dollar). May overlap. */
export function extractMoney(text: string): MoneyFact[] {
  const found: MoneyFact[] = [];
  for (const match of text.matchAll(CURRENCY_AMOUNT)) {
    const start = match.index ?? 0;
    const multiplier = MULTIPLIERS[(match[2] ?? match[4] ?? '').toLowerCase()] ?? 1;
    found.push({
      kind: 'money',
      text: match[0],
      start,
      end: start + match[0].length,
      value: round(toNumber(match[1] ?? '0') * multiplier),
    });
  }
  for (const match of text.matchAll(WORD_AMOUNT)) {
    const start = match.index ?? 0;
    const unit = match[3] === 'cents' || match[4] === '¢' ? 0.01 : match[3] === 'mills' ? 0.001 : 1;
    const multiplier = MULTIPLIERS[match[2] ?? ''] ?? 1;
    found.push({
      kind: 'money',
      text: match[0],
      start,
      end: start + match[0].length,
      value: round(toNumber(match[1] ?? '0') * multiplier * unit),
    });
  }
  return found;
}
