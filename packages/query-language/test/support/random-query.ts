/** A small seeded generator of query trees and query-like strings, for property tests. */
import { VALUE_FIELDS, type QueryNode } from '../../src';

/** No cost limits: property tests are about the grammar, and random trees may be large or hold "é*". */
export const UNLIMITED = { maxClauses: Infinity, maxPrefixes: Infinity, minPrefixLength: 1, maxPhraseWords: Infinity };

/** mulberry32: tiny, fast, good enough to spread test cases; the seed makes failures reproducible. */
export class SeededRandom {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

export const TERMS = [
  'rate',
  'tariff',
  'Société',
  'GÉNÉRALE',
  '東京電力',
  'ER24-1234-000',
  'A.21-05-012',
  '1:23-cv-00001',
  "utility's",
  'and',
  'or',
  'not',
  'to',
  'TO',
  'x1',
  'cafe\u0301',
  '𝐀bc',
  '2024/01',
  'ﬁling',
  'Zürich',
];
const PHRASES = [
  'rate increase',
  'AND',
  'OR NOT',
  'a: b',
  '[2024 TO 2025]',
  'say "hello"',
  'C:\\data\\',
  '(x)',
  'Köln-Bonn',
  '-draft',
  'rate*',
  'l\u2019énergie',
];
const PREFIXES = ['rat', 'rate-ca', 'Zür', 'ER24-12', 'AND', 'é'];
const FIELD_VALUES = [
  ...TERMS,
  'Pacific Gas & Electric',
  "O'Brien",
  'with "quotes"',
  'Docket No. ER24-1234-000',
  'OR',
  'a b',
];

function randomDate(random: SeededRandom): string {
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return `${random.int(1990, 2030)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function randomLeaf(random: SeededRandom): QueryNode {
  switch (random.int(0, 4)) {
    case 0:
      return { kind: 'term', value: random.pick(TERMS) };
    case 1:
      return { kind: 'phrase', value: random.pick(PHRASES) };
    case 2:
      return { kind: 'prefix', value: random.pick(PREFIXES) };
    case 3:
      return { kind: 'field', field: random.pick(VALUE_FIELDS), value: random.pick(FIELD_VALUES) };
    default: {
      const [a, b] = [randomDate(random), randomDate(random)].sort();
      return {
        kind: 'range',
        field: 'filed',
        from: random.next() < 0.2 ? null : (a as string),
        to: random.next() < 0.2 ? null : (b as string),
      };
    }
  }
}

/** A random tree, deliberately not normalised: nested same-kind groups, one-child and empty groups. */
export function randomQuery(random: SeededRandom, depth = 4): QueryNode {
  const roll = random.next();
  if (depth === 0 || roll < 0.35) return randomLeaf(random);
  if (roll < 0.5) return { kind: 'not', child: randomQuery(random, depth - 1) };
  const children = Array.from({ length: random.int(0, 4) }, () => randomQuery(random, depth - 1));
  return { kind: roll < 0.75 ? 'and' : 'or', children };
}

const FRAGMENTS = [
  'rate',
  'ER24-1234-000',
  'Société',
  ' ',
  ' ',
  ' ',
  '(',
  ')',
  '"',
  '"x y"',
  '*',
  ':',
  '-',
  'AND',
  'OR',
  'NOT',
  'TO',
  '[',
  ']',
  'agency:',
  'filed:',
  'party:',
  'agncy:',
  '2024',
  '2024-02-30',
  '\\',
  ',',
  'é',
  '.',
  '\u0301',
];

/** A random string in the query alphabet: mostly malformed, sometimes valid. */
export function randomQueryText(random: SeededRandom): string {
  return Array.from({ length: random.int(1, 12) }, () => random.pick(FRAGMENTS)).join('');
}
