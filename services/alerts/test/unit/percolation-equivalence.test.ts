import type { Worker } from 'node:worker_threads';
import { UnavailableError } from '@docket/errors';
import { emptySearchFilters, type SearchFilters } from '@docket/query-language';
import type { AlertRecord } from '../../src/domain/alert';
import {
  compileAlert,
  documentKeys,
  type CompiledAlert,
  type PercolationDocument,
} from '../../src/domain/alert-matcher';
import { AlertPrograms } from '../../src/domain/alert-programs';
import { DocumentTerms } from '../../src/domain/document-terms';
import { PercolationIndex } from '../../src/domain/percolation-index';
import { TermDictionary } from '../../src/domain/term-dictionary';
import { PercolationThreads } from '../../src/matching/percolation-threads';
import { searchAlertRecord } from './alert-records';

/**
 * Random alerts against random documents: the index, and every alert's compiled program on its own,
 * must agree with the query language's matcher (compileQuery) on every pair, and the alerts spread over
 * worker threads (PercolationThreads) with the single index. Words mix plain ASCII with accents,
 * ligatures, capitals, astral letters and digits, so both ways of reading a text run.
 */

/** A small seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = [
  'tariff',
  'Tariffs',
  'rate',
  'rates',
  'case',
  'merger',
  'pipeline',
  'pipelines',
  'commission',
  'commissioner',
  'rehearing',
  'ab',
  'abc',
  'abcdefgh',
  'café',
  'CAFE',
  'naïve',
  'ﬁling', // a ligature: folds to "filing"
  'filing',
  'Ωmega',
  'ωmegas',
  '𝒜𝒜𝒜b', // astral letters: prefixes count code points
  '𝒜𝒜𝒜bc',
  'er24',
  '1234',
  '000',
  'order',
];
const LONG_WORDS = VOCABULARY.filter((word) => [...word].length >= 3);
const PUNCTUATION = [' ', ' ', ' ', ', ', '. ', '-', '\n', ' (', ') ', '/'];
const PARTIES = ['Pacific Gas and Electric Company', 'Café Energy', 'Gas Pacific', 'Ωmega Power'];
const AGENCIES = ['ferc', 'cpuc', 'Federal Energy Regulatory Commission'];
const TYPES = ['Order', 'Notice', 'Rate Case'];
const DOCKETS = ['ER24-1234-000', 'EL23-1-000', 'RP24-9-000'];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function text(next: () => number, words: number): string {
  let result = '';
  for (let at = 0; at < words; at += 1) result += pick(next, VOCABULARY) + pick(next, PUNCTUATION);
  return result;
}

function document(next: () => number, id: number): PercolationDocument {
  const parties = Array.from({ length: Math.floor(next() * 3) }, () => pick(next, PARTIES));
  return {
    id: `doc-${id}`,
    title: text(next, Math.floor(next() * 4)),
    text: text(next, Math.floor(next() * 40)),
    sourceId: pick(next, ['ferc', 'cpuc']),
    sourceName: '',
    agencies: next() < 0.5 ? [pick(next, AGENCIES)] : [],
    docketNumber: pick(next, DOCKETS),
    docketId: next() < 0.7 ? pick(next, ['dk-1', 'dk-2']) : '',
    filingType: pick(next, TYPES),
    filingCategory: pick(next, TYPES),
    parties,
    entities: next() < 0.5 ? [pick(next, PARTIES)] : [],
    ...(next() < 0.8 ? { filedAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(next() * 60), 23, 30)) } : {}),
  };
}

function clause(next: () => number): string {
  const word = () => pick(next, VOCABULARY);
  const roll = next();
  if (roll < 0.3) return word();
  if (roll < 0.45) return `"${word()} ${word()}${next() < 0.3 ? ` ${word()}` : ''}"`;
  // The parser wants 3 letters before "*"; a word with inner punctuation is a prefix of several words.
  const prefix = () => {
    const letters = [...pick(next, LONG_WORDS)];
    return `${letters.slice(0, 3 + Math.floor(next() * (letters.length - 2))).join('')}*`;
  };
  if (roll < 0.6) return prefix();
  if (roll < 0.65) return `${word()}-${prefix()}`;
  if (roll < 0.8) return `(${word()} OR ${word()}${next() < 0.5 ? ` OR "${word()} ${word()}"` : ''})`;
  if (roll < 0.9) return `-${word()}`;
  return `-(${word()} OR ${word()})`;
}

function filters(next: () => number): Partial<SearchFilters> {
  switch (Math.floor(next() * 7)) {
    case 0:
      return { agencies: [pick(next, AGENCIES)] };
    case 1:
      return { filingTypes: [pick(next, TYPES)] };
    case 2:
      return { parties: [pick(next, ['Pacific Gas', 'cafe', 'Gas Pacific Electric', 'ωmega'])] };
    case 3:
      return { dockets: [pick(next, DOCKETS)] };
    case 4:
      return { filedFrom: '2024-01-20' };
    case 5:
      return { filedFrom: '2024-01-10', filedTo: '2024-02-05' };
    default:
      return {};
  }
}

function alert(next: () => number, id: number): AlertRecord {
  const base = searchAlertRecord(`alert-${id}`);
  if (next() < 0.1) {
    const docketId = next() < 0.5 ? pick(next, ['dk-1', 'dk-2', 'dk-3']) : '';
    const docketNumber = next() < 0.7 ? pick(next, [...DOCKETS, 'docket no. er24 1234 000']) : '';
    return { ...base, kind: 'docket', docket: { docketId, docketNumber, title: '', sourceName: '' } };
  }
  const query = Array.from({ length: Math.floor(next() * 4) }, () => clause(next)).join(' ');
  const chosen = filters(next);
  return {
    ...base,
    definition: { ...base.definition, query, filters: { ...emptySearchFilters(), ...chosen } },
  };
}

function randomAlerts(next: () => number, count: number): CompiledAlert[] {
  return Array.from({ length: count }, (_, id) => compileAlert(alert(next, id)));
}

const ids = (alerts: CompiledAlert[]) => alerts.map((compiled) => compiled.alertId).sort();

describe('percolation equivalence (random alerts and documents)', () => {
  it('the index finds exactly the alerts a loop over every alert finds, before and after refiling', () => {
    const next = random(7);
    const alerts = randomAlerts(next, 600);
    const index = new PercolationIndex();
    for (const compiled of alerts) index.put(compiled);
    // 300 documents: past 64, 128 and 256 the index refiles alerts under the keys it saw least.
    let hits = 0;
    for (let at = 0; at < 300; at += 1) {
      const doc = document(next, at);
      const fresh = { ...doc };
      const viaLoop = ids(alerts.filter((compiled) => compiled.matches(fresh)));
      expect(ids(index.match({ ...doc }))).toEqual(viaLoop);
      hits += viaLoop.length;
    }
    // Neither side trivially empty nor full: the mix matches some alerts per document.
    expect(hits / 300).toBeGreaterThan(10);
    expect(hits / 300).toBeLessThan(300);
  });

  it('stays exact while alerts are replaced and removed between documents', () => {
    const next = random(11);
    let alerts = randomAlerts(next, 200);
    const index = new PercolationIndex();
    for (const compiled of alerts) index.put(compiled);
    for (let at = 0; at < 150; at += 1) {
      const changed = Math.floor(next() * alerts.length);
      const replacement = compileAlert({ ...alert(next, changed), id: `alert-${changed}` });
      if (next() < 0.3) {
        index.remove(replacement.alertId);
        alerts = alerts.filter((compiled) => compiled.alertId !== replacement.alertId);
      } else {
        index.put(replacement);
        alerts = [...alerts.filter((compiled) => compiled.alertId !== replacement.alertId), replacement];
      }
      const doc = document(next, at);
      const fresh = { ...doc };
      expect(ids(index.match({ ...doc }))).toEqual(ids(alerts.filter((compiled) => compiled.matches(fresh))));
    }
  });

  it("every alert's compiled program agrees with the query language on every document", () => {
    const next = random(23);
    const alerts = randomAlerts(next, 400);
    const dictionary = new TermDictionary();
    const programs = new AlertPrograms(dictionary);
    alerts.forEach((compiled, slot) => programs.put(slot, compiled.condition, compiled.required));
    const terms = new DocumentTerms(dictionary);
    for (let at = 0; at < 200; at += 1) {
      const doc = document(next, at);
      terms.read({ ...doc });
      const fresh = { ...doc };
      alerts.forEach((compiled, slot) => {
        const reference = compiled.matches(fresh);
        if (programs.matches(slot, terms) !== reference)
          throw new Error(`${compiled.kind} ${JSON.stringify(compiled.condition)} on ${JSON.stringify(doc)}`);
      });
    }
  });

  it('a document read into terms has exactly the known keys documentKeys yields', () => {
    const next = random(31);
    const dictionary = new TermDictionary();
    const known = new Set<string>();
    for (const compiled of randomAlerts(next, 300))
      for (const key of [...compiled.candidateKeys, ...compiled.required]) {
        dictionary.idOf(key);
        known.add(key);
      }
    for (const extra of ['p:ab', 'p:𝒜𝒜𝒜', 'p:ωme', 'w:filing', 'p:fil', 'p:caf', 'y:pacific', 'e:ωmega']) {
      dictionary.idOf(extra);
      known.add(extra);
    }
    const terms = new DocumentTerms(dictionary);
    for (let at = 0; at < 200; at += 1) {
      const doc = document(next, at);
      terms.read(doc);
      const expected = [...documentKeys(doc)].filter((key) => known.has(key)).sort();
      expect(terms.present.map((id) => dictionary.keyOf(id)).sort()).toEqual(expected);
    }
  });
});

describe('percolation over worker threads (random alerts and documents)', () => {
  let threads: PercolationThreads | undefined;
  afterEach(async () => {
    await threads?.close();
    threads = undefined;
  });

  it('finds what the single index and the loop find, with changes and several documents in flight', async () => {
    const next = random(41);
    let alerts = randomAlerts(next, 400);
    const index = new PercolationIndex();
    threads = new PercolationThreads(3);
    for (const compiled of alerts) {
      index.put(compiled);
      threads.put(compiled);
    }
    expect(await threads.stats()).toEqual({ alerts: index.size, unkeyed: index.unkeyedCount });
    // Matches asked for without waiting, alerts changed in between: each answers for the alerts as they
    // were when it was asked (what the single index says at that moment).
    const asked: { expected: string[]; got: Promise<CompiledAlert[][]> }[] = [];
    let hits = 0;
    for (let at = 0; at < 160; at += 1) {
      if (next() < 0.4) {
        const changed = Math.floor(next() * 500); // some ids new, some stored (on whichever shard)
        const replacement = compileAlert({ ...alert(next, changed), id: `alert-${changed}` });
        if (next() < 0.3) {
          index.remove(replacement.alertId);
          threads.remove(replacement.alertId);
          alerts = alerts.filter((compiled) => compiled.alertId !== replacement.alertId);
        } else {
          index.put(replacement);
          threads.put(replacement);
          alerts = [...alerts.filter((compiled) => compiled.alertId !== replacement.alertId), replacement];
        }
      }
      const doc = document(next, at);
      const fresh = { ...doc };
      const viaLoop = ids(alerts.filter((compiled) => compiled.matches(fresh)));
      expect(ids(index.match({ ...doc }))).toEqual(viaLoop);
      hits += viaLoop.length;
      asked.push({ expected: viaLoop, got: threads.matchMany([{ ...doc }]) });
      if (asked.length % 20 === 0) await asked.at(-1)?.got; // and sometimes with none in flight
    }
    for (const { expected, got } of asked) expect(ids((await got)[0] ?? [])).toEqual(expected);
    expect(hits / 160).toBeGreaterThan(10);
    expect(threads.size).toBe(index.size);
  });

  it('answers a batch document by document, as one match each would', async () => {
    const next = random(43);
    const alerts = randomAlerts(next, 300);
    threads = new PercolationThreads(2);
    for (const compiled of alerts) threads.put(compiled);
    const documents = Array.from({ length: 40 }, (_, at) => document(next, at));
    const batch = await threads.matchMany(documents.map((doc) => ({ ...doc })));
    documents.forEach((doc, at) => {
      const fresh = { ...doc };
      expect(ids(batch[at] ?? [])).toEqual(ids(alerts.filter((compiled) => compiled.matches(fresh))));
    });
    expect(await threads.matchMany([])).toEqual([]);
  });

  it('starts a killed shard again with its alerts; the matches it had not answered still answer', async () => {
    const next = random(47);
    let alerts = randomAlerts(next, 300);
    threads = new PercolationThreads(2);
    for (const compiled of alerts) threads.put(compiled);
    const documents = Array.from({ length: 60 }, (_, at) => document(next, at));
    const viaLoop = (doc: PercolationDocument, current: CompiledAlert[]) => {
      const fresh = { ...doc };
      return ids(current.filter((compiled) => compiled.matches(fresh)));
    };
    const victim = threads.workers[0] as Worker;
    const pending = threads.matchMany(documents.map((doc) => ({ ...doc })));
    await victim.terminate();
    const answered = await pending;
    documents.forEach((doc, at) => expect(ids(answered[at] ?? [])).toEqual(viaLoop(doc, alerts)));
    expect(threads.workers[0]).toBeDefined();
    expect(threads.workers[0]).not.toBe(victim);

    // Changes made while it restarts, and after, reach it.
    const replaced = alerts
      .slice(0, 30)
      .map((compiled, at) => compileAlert({ ...alert(next, at), id: compiled.alertId }));
    for (const compiled of replaced) threads.put(compiled);
    threads.remove(alerts[40]?.alertId ?? '');
    alerts = [...replaced, ...alerts.slice(30, 40), ...alerts.slice(41)];
    const again = await threads.matchMany(documents.map((doc) => ({ ...doc })));
    documents.forEach((doc, at) => expect(ids(again[at] ?? [])).toEqual(viaLoop(doc, alerts)));
    expect(await threads.stats()).toMatchObject({ alerts: alerts.length });
  });

  it('refuses a match whose shard dies at every try (never drops it), then serves the next', async () => {
    const next = random(53);
    const alerts = randomAlerts(next, 100);
    threads = new PercolationThreads(2);
    for (const compiled of alerts) threads.put(compiled);
    const doc = document(next, 0);
    const pending = threads.match({ ...doc });
    const outcome = pending.then(
      () => 'answered',
      (error: unknown) => error,
    );
    let killed: Worker | undefined;
    for (let kills = 0; kills < 3; kills += 1) {
      const shard = threads;
      const worker = await waitFor(() => {
        const current = shard.workers[0];
        return current && current !== killed ? current : undefined;
      });
      killed = worker;
      await worker.terminate();
    }
    const error = await outcome;
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toMatch(/failed 3 times/);
    const fresh = { ...doc };
    expect(ids(await threads.match({ ...doc }))).toEqual(ids(alerts.filter((compiled) => compiled.matches(fresh))));
  });

  it('close() ends every worker and refuses what was pending and what comes after', async () => {
    const next = random(59);
    threads = new PercolationThreads(2);
    for (const compiled of randomAlerts(next, 50)) threads.put(compiled);
    const workers = threads.workers as Worker[];
    const refused = expect(threads.match(document(next, 0))).rejects.toBeInstanceOf(UnavailableError);
    await threads.close();
    await refused;
    await expect(threads.match(document(next, 1))).rejects.toBeInstanceOf(UnavailableError);
    expect(workers.map((worker) => worker.threadId)).toEqual([-1, -1]);
    expect(threads.workers).toEqual([undefined, undefined]);
  });
});

/** The value `probe` returns once it returns one (checked every 10 ms, for 20 s at most). */
async function waitFor<T>(probe: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 20_000; waited += 10) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}
