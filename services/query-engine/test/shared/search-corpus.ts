/**
 * A generated corpus and generated queries for the shared backend suite: a few hundred filings with
 * varied agencies, filing types, docket spellings, parties, entities, dates (some undated, some on
 * the same day), accents and compatibility characters, and random query trees over them. Seeded, so
 * a failure is reproducible: the suite prints the query that disagreed.
 */
import { foldedWords, type QueryNode } from '@docket/query-language';
import type { IndexedDocument } from '../../src/domain/indexed-document';

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
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

  chance(p: number): boolean {
    return this.next() < p;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0)
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as T);
    return out;
  }
}

export const SOURCES = [
  { id: 'ferc', name: 'Federal Energy Regulatory Commission' },
  { id: 'cpuc', name: 'California Public Utilities Commission' },
  { id: 'nypsc', name: 'New York Public Service Commission' },
  { id: 'puc-tx', name: 'Public Utility Commission of Texas' },
  { id: 'federal-register', name: 'Federal Register' },
  { id: 'uploads', name: '' },
] as const;

export const FILING_TYPES = [
  { native: 'Proposed Decision', category: 'Decision' },
  { native: 'Order', category: 'Order' },
  { native: 'Rule', category: 'Order' },
  { native: 'Direct Testimony', category: 'Testimony' },
  { native: 'Comments', category: 'Comment' },
  { native: 'Tariff Sheet', category: 'Tariff' },
  { native: 'Motion to Compel', category: 'Motion' },
  { native: 'Miscellaneous', category: '' },
] as const;

/** Docket numbers as sources write them; the same docket appears in several spellings. */
export const DOCKETS = [
  ['ER24-1234-000', 'er24 1234 000', 'Docket No. ER24-1234-000'],
  ['A.24-01-001', 'A 24-01-001'],
  ['24-E-0123', '24-e-0123'],
  ['RM22-14-000'],
  ['EL23-55-000', 'Docket #EL23-55-000'],
  [''],
] as const;

export const PARTIES = [
  'Pacific Gas and Electric Company',
  'Southern California Gas Company',
  'Sierra Club',
  'Société Générale Énergie',
  'Public Service Company of Colorado',
  'Office of Ratepayer Advocates',
  'Acme Power LLC',
  'Gas Workers Union',
  'The Utility Reform Network',
  'Jane Ortiz',
] as const;

export const ENTITIES = [
  { id: 'e-pge', kind: 'organisation', name: 'Pacific Gas and Electric Company' },
  { id: 'e-ortiz', kind: 'person', name: 'Jane Ortiz' },
  { id: 'e-diablo', kind: 'place', name: 'Diablo Canyon' },
  { id: 'e-zurich', kind: 'organisation', name: 'Zürich Insurance Group' },
  { id: 'e-ferc', kind: 'agency', name: 'Federal Energy Regulatory Commission' },
] as const;

/** Words of titles and texts: a common core, rarer words, accents, and words sharing prefixes. */
export const VOCABULARY = [
  'rate',
  'case',
  'tariff',
  'settlement',
  'commission',
  'order',
  'rehearing',
  'transmission',
  'interconnection',
  'pipeline',
  'storage',
  'capacity',
  'market',
  'wildfire',
  'mitigation',
  'reliability',
  'outage',
  'customer',
  'refund',
  'motion',
  'discovery',
  'testimony',
  'hearing',
  'protest',
  'notice',
  'compliance',
  'audit',
  'penalty',
  'revenue',
  'requirement',
  'solar',
  'wind',
  'nuclear',
  'hydro',
  'gas',
  'electric',
  'water',
  'rates',
  'rated',
  'rating',
  'transmit',
  'transit',
  'café',
  'naïve',
  'résumé',
  'Zürich',
  'façade',
  'déjà',
  'vu',
  'über',
  'São',
  'Paulo',
  'the',
  'of',
  'and',
  'for',
  'to',
  'in',
  'on',
  'a',
  '2024',
  '100',
  'MW',
  'kWh',
] as const;

/** A word as a filing might spell it: capitalised, upper-cased, or with a compatibility character. */
function spell(random: Random, word: string): string {
  const roll = random.next();
  if (roll < 0.1) return word.toUpperCase();
  if (roll < 0.25) return word.charAt(0).toUpperCase() + word.slice(1);
  if (roll < 0.27 && word.includes('fi')) return word.replace('fi', 'ﬁ'); // the PDF ligature
  if (roll < 0.29 && word === 'café') return 'cafe\u0301'; // decomposed accent
  return word;
}

function words(random: Random, min: number, max: number): string {
  const count = random.int(min, max);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let word = spell(random, random.pick(VOCABULARY));
    if (random.chance(0.04)) word = `${word}-${random.pick(VOCABULARY)}`; // rate-case
    out.push(word);
    if (random.chance(0.08)) out.push(random.pick([',', '.', ';', '—', '&', '<b>', '"']));
  }
  return out.join(' ');
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2019, 0, 1);

/**
 * Documents with a description end their text with END_OF_TEXT, a word no generated query uses: the
 * reference matcher sees text and description as one run of words, the backends as two fields, and
 * this keeps a phrase from ever spanning them in either.
 */
export const END_OF_TEXT = 'endoftext';

export function generateCorpus(seed: number, count: number): IndexedDocument[] {
  const random = new Random(seed);
  const documents: IndexedDocument[] = [];
  for (let i = 0; i < count; i++) {
    const source = random.pick(SOURCES);
    const type = random.pick(FILING_TYPES);
    const docket = random.pick(DOCKETS);
    const description = random.chance(0.3) ? words(random, 4, 15) : '';
    let text = words(random, 10, 60);
    if (description) text = `${text} ${END_OF_TEXT}`;
    // Dates cluster on a few hundred days so that ties in the date sort are common.
    const undated = random.chance(0.06);
    const filedAt = undated
      ? undefined
      : new Date(FIRST_DAY + random.int(0, 400) * 5 * DAY_MS + random.int(0, 3) * 3_600_000);
    const parties = random.sample(PARTIES, random.int(0, 4));
    const filers = random.chance(0.7) ? random.sample(PARTIES, random.int(1, 2)) : [];
    const entities = random.sample(ENTITIES, random.int(0, 3)).map((entity) => ({ ...entity }));
    const pages = [
      { number: 1, start: 0, end: Math.ceil(text.length / 2) },
      { number: 2, start: Math.ceil(text.length / 2), end: text.length },
    ];
    const title = words(random, 2, 8);
    documents.push({
      id: `doc-${String(i).padStart(4, '0')}`,
      title,
      text,
      description,
      sourceId: source.id,
      sourceName: source.name,
      docketNumber: random.pick(docket),
      docketId: docket[0] ? `docket-${docket[0]}` : '',
      filingType: type.native,
      filingCategory: type.category,
      filedAt,
      parties,
      filers,
      entities,
      pages,
      sha256: `sha-${i}-${title.length}-${text.length}`,
    });
  }
  return documents;
}

/** Generates query trees over the corpus: leaves drawn from what the documents hold, and some that match nothing. */
export class QueryGenerator {
  private readonly random: Random;
  private readonly phrases: string[][];

  constructor(
    seed: number,
    private readonly documents: IndexedDocument[],
  ) {
    this.random = new Random(seed);
    this.phrases = documents
      .flatMap((document) => [document.title, document.text, document.description])
      .map((field) => foldedWords(field).filter((word) => word !== END_OF_TEXT))
      .filter((list) => list.length >= 2);
  }

  query(depth = 3): QueryNode {
    const r = this.random;
    if (depth === 0 || r.chance(0.35)) return this.leaf();
    const roll = r.next();
    if (roll < 0.4) return { kind: 'and', children: Array.from({ length: r.int(2, 3) }, () => this.query(depth - 1)) };
    if (roll < 0.75) return { kind: 'or', children: Array.from({ length: r.int(2, 3) }, () => this.query(depth - 1)) };
    return { kind: 'not', child: this.query(depth - 1) };
  }

  leaf(): QueryNode {
    const r = this.random;
    const roll = r.next();
    if (roll < 0.22) return { kind: 'term', value: this.term() };
    if (roll < 0.36) {
      const source = r.pick(this.phrases);
      const length = r.int(2, Math.min(3, source.length));
      const start = r.int(0, source.length - length);
      return { kind: 'phrase', value: source.slice(start, start + length).join(' ') };
    }
    if (roll < 0.46) {
      if (r.chance(0.3)) {
        const source = r.pick(this.phrases);
        const start = r.int(0, source.length - 2);
        const last = source[start + 1] as string;
        return { kind: 'prefix', value: `${source[start]} ${last.slice(0, r.int(1, last.length))}` };
      }
      const word = foldedWords(r.pick(VOCABULARY))[0] ?? 'rate';
      return { kind: 'prefix', value: word.slice(0, r.int(2, Math.max(2, word.length))) };
    }
    if (roll < 0.56) return { kind: 'field', field: 'agency', value: this.agency() };
    if (roll < 0.66) return { kind: 'field', field: 'type', value: this.filingType() };
    if (roll < 0.74) return { kind: 'field', field: 'docket', value: r.pick(r.pick(DOCKETS.slice(0, 5))) };
    if (roll < 0.84) return { kind: 'field', field: 'party', value: this.nameFragment(r.pick(PARTIES)) };
    if (roll < 0.9) return { kind: 'field', field: 'entity', value: this.nameFragment(r.pick(ENTITIES).name) };
    return this.range();
  }

  private term(): string {
    const r = this.random;
    const word = r.pick(VOCABULARY);
    if (r.chance(0.1)) return `${foldedWords(word)[0]}-${foldedWords(r.pick(VOCABULARY))[0]}`;
    if (r.chance(0.2)) return word.toUpperCase();
    if (r.chance(0.15)) return word.normalize('NFKD').replace(/\p{Mn}/gu, ''); // typed without accents
    if (r.chance(0.05)) return 'nonexistentword';
    return word;
  }

  private agency(): string {
    const r = this.random;
    const source = r.pick(SOURCES);
    const roll = r.next();
    if (roll < 0.45) return source.id;
    if (roll < 0.8) return source.name ? (r.chance(0.3) ? source.name.toUpperCase() : source.name) : source.id;
    // A part of a name is not the agency (except puc-tx spellings).
    return r.pick(['Energy', 'Commission', 'puc tx', 'PUC-TX']);
  }

  private filingType(): string {
    const r = this.random;
    const type = r.pick(FILING_TYPES);
    const roll = r.next();
    if (roll < 0.4) return type.category || type.native;
    if (roll < 0.8) return r.chance(0.3) ? type.native.toLowerCase() : type.native;
    return r.pick(['Testimony', 'motion to', 'Decision', 'proposed-decision']);
  }

  /** Consecutive words of a name (a match), occasionally words that are not consecutive (no match). */
  private nameFragment(name: string): string {
    const r = this.random;
    const parts = name.split(' ');
    if (parts.length >= 3 && r.chance(0.2)) return `${parts[0]} ${parts[2]}`;
    const length = r.int(1, parts.length);
    const start = r.int(0, parts.length - length);
    const fragment = parts.slice(start, start + length).join(' ');
    return r.chance(0.2) ? fragment.toLowerCase() : fragment;
  }

  private range(): QueryNode {
    const r = this.random;
    const day = (offset: number) => new Date(FIRST_DAY + offset * DAY_MS).toISOString().slice(0, 10);
    const from = r.int(0, 2000);
    const to = from + r.int(0, 900);
    const roll = r.next();
    return {
      kind: 'range',
      field: 'filed',
      from: roll < 0.2 ? null : day(from),
      to: roll > 0.8 ? null : day(to),
    };
  }
}

export { DAY_MS };
