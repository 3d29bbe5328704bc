/**
 * One alert compiled for percolation: the predicate a new document must pass, the keys a matching
 * document necessarily has (so the index tests only alerts that can match), and the words its
 * snippet highlights.
 */
import {
  compileQuery,
  documentWords,
  foldedWords,
  nameKey,
  normalizeDocketNumber,
  normalizeQuery,
  type CompiledQuery,
  type MatchableDocument,
  type QueryNode,
} from '@docket/query-language';
import type { AlertRecord } from './alert';
import { alertQuery } from './alert-definition';

/** A new or updated document as percolation sees it. */
export interface PercolationDocument extends MatchableDocument {
  id: string;
  docketId: string;
  sourceName: string;
}

/**
 * What a matching document must satisfy, for compilers other than the query language's own (the
 * percolation index compiles it to key numbers): a normalised query, or a followed docket (its id,
 * its normalised number; an empty one never matches).
 */
export type AlertCondition =
  { kind: 'query'; query: QueryNode } | { kind: 'docket'; docketId: string; docketNumber: string };

/** What a snippet marks: exact words, and words a prefix query starts. */
export interface Highlights {
  words: Set<string>;
  prefixes: string[];
}

export interface CompiledAlert {
  alertId: string;
  ownerUserId: string;
  kind: AlertRecord['kind'];
  condition: AlertCondition;
  /** The query language's own verdict (the index's compiled condition must always agree with it). */
  matches(doc: PercolationDocument): boolean;
  /**
   * Keys of which every matching document has at least one (see documentKeys), or null when no
   * such set exists (a NOT alone, dates only): then the alert is tested against every document.
   */
  keys: string[] | null;
  /** The cover again, costing keys another way (the index learns how common each key is). */
  coverWith(cost: KeyCost): string[] | null;
  /** Every key the cover could choose (the index counts how often documents have them). */
  candidateKeys: string[];
  /** Keys a matching document has every one of: checked before the matcher runs (a cheap refusal). */
  required: string[];
  highlights: Highlights;
}

/**
 * What rebuilds a CompiledAlert elsewhere (a percolation worker thread): plain data, which a
 * structured clone carries, where CompiledAlert holds functions.
 */
export interface AlertSource {
  alertId: string;
  ownerUserId: string;
  kind: AlertRecord['kind'];
  condition: AlertCondition;
}

/** Compiles an alert; `parsed` saves parsing the query again when the caller just did. */
export function compileAlert(alert: AlertRecord, parsed?: QueryNode): CompiledAlert {
  const { id: alertId, ownerUserId, kind } = alert;
  if (alert.kind === 'docket') {
    const docketId = alert.docket?.docketId ?? '';
    const docketNumber = normalizeDocketNumber(alert.docket?.docketNumber ?? '');
    return compileSource({ alertId, ownerUserId, kind, condition: { kind: 'docket', docketId, docketNumber } });
  }
  const query = normalizeQuery(alertQuery(alert.definition, parsed));
  return compileSource({ alertId, ownerUserId, kind, condition: { kind: 'query', query } });
}

/** The alert's source again (what compileSource rebuilds it from). */
export function sourceOf(alert: CompiledAlert): AlertSource {
  return { alertId: alert.alertId, ownerUserId: alert.ownerUserId, kind: alert.kind, condition: alert.condition };
}

/** Compiles an alert from its source: its condition is already normalised (compileAlert did it). */
export function compileSource(source: AlertSource): CompiledAlert {
  // Plain literals, not a spread of shared fields: spread copies gave nearly every alert a hidden class
  // of its own, and reading a field of 100,000 differently shaped objects is slow (a megamorphic miss).
  const { alertId, ownerUserId, kind, condition } = source;
  if (condition.kind === 'docket') {
    const { docketId, docketNumber: number } = condition;
    const keys = [...(docketId ? [`i:${docketId}`] : []), ...(number ? [`d:${number}`] : [])];
    return {
      alertId,
      ownerUserId,
      kind,
      condition: { kind: 'docket', docketId, docketNumber: number },
      matches: (doc) =>
        (docketId !== '' && doc.docketId === docketId) ||
        (number !== '' && normalizeDocketNumber(doc.docketNumber) === number),
      keys,
      coverWith: () => keys,
      candidateKeys: keys,
      required: [],
      highlights: { words: new Set(), prefixes: [] },
    };
  }
  const { query } = condition;
  // Compiled on first use: the index runs its own compilation, so a service never builds this one.
  let reference: CompiledQuery | undefined;
  return {
    alertId,
    ownerUserId,
    kind,
    condition: { kind: 'query', query },
    matches: (doc) => (reference ??= compileQuery(query))(doc),
    keys: coverOf(query, GUESSED_KEY_COST)?.keys ?? null,
    coverWith: (cost) => coverOf(query, cost)?.keys ?? null,
    candidateKeys: [...new Set(positiveKeys(query))],
    required: [...new Set(requiredOf(query))],
    highlights: highlightsOf(query),
  };
}

/**
 * Every key a document yields: its distinct words (w:) and their first 3 to 6 letters (p:), its
 * docket (d:, i:), agencies (a:), filing types (t:), and the words of its parties (y:) and entities (e:).
 */
export function documentKeys(doc: PercolationDocument): Set<string> {
  const keys = new Set<string>();
  for (const word of documentWords(doc)) {
    if (word === '') continue; // the matcher's title/text separator
    keys.add(`w:${word}`);
    for (const start of prefixKeys(word)) keys.add(`p:${start}`);
  }
  const docket = normalizeDocketNumber(doc.docketNumber);
  if (docket) keys.add(`d:${docket}`);
  if (doc.docketId) keys.add(`i:${doc.docketId}`);
  for (const agency of [doc.sourceId, ...(doc.agencies ?? [])]) keys.add(`a:${nameKey(agency)}`);
  keys.add(`t:${nameKey(doc.filingType)}`);
  keys.add(`t:${nameKey(doc.filingCategory)}`);
  for (const party of doc.parties) for (const word of foldedWords(party)) keys.add(`y:${word}`);
  for (const entity of doc.entities ?? []) for (const word of foldedWords(entity)) keys.add(`e:${word}`);
  return keys;
}

/** Keys that cover a query, with what they cost (how many documents they let through). */
interface Cover {
  keys: string[];
  cost: number;
}

/** How many documents a key lets through, roughly: its share of documents, or a guess from its kind. */
export type KeyCost = (key: string) => number;

// A prefix query is filed under its first 3 to 6 letters (the query language wants 3 at least); a
// document yields every start of 3 to 6 letters of its words, so longer prefixes pick fewer documents.
export const MIN_PREFIX_KEY = 3;
export const MAX_PREFIX_KEY = 6;

/**
 * The guess before any document was seen: a docket is rare; agencies and filing types are few, so
 * many documents share each; longer words are rarer than short ones; a prefix is broader than a word.
 */
export const GUESSED_KEY_COST: KeyCost = (key) => {
  const value = key.slice(2);
  switch (key[0]) {
    case 'd':
    case 'i':
      return 1;
    case 'a':
    case 't':
      return 100;
    case 'p':
      return 30 - value.length;
    default:
      return Math.max(2, 20 - value.length);
  }
};

/** The cheapest set of keys at least one of which any document matching `node` has; null if none. */
function coverOf(node: QueryNode, cost: KeyCost): Cover | null {
  const cheapest = (keys: string[]): Cover | null => {
    let best: Cover | null = null;
    for (const key of keys) {
      const keyCost = cost(key);
      if (!best || keyCost < best.cost) best = { keys: [key], cost: keyCost };
    }
    return best;
  };
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix':
    case 'field':
      return cheapest(leafKeys(node));
    case 'range':
    case 'not':
      return null;
    case 'and': {
      let best: Cover | null = null;
      for (const child of node.children) {
        const cover = coverOf(child, cost);
        if (cover && (!best || cover.cost < best.cost)) best = cover;
      }
      return best;
    }
    case 'or': {
      const keys = new Set<string>();
      let total = 0;
      for (const child of node.children) {
        const cover = coverOf(child, cost);
        if (!cover) return null;
        for (const key of cover.keys) keys.add(key);
        total += cover.cost;
      }
      return { keys: [...keys], cost: total };
    }
  }
}

/** The keys a document matching this one clause has, every one of them (empty when none is known). */
function leafKeys(node: QueryNode): string[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return foldedWords(node.value).map((word) => `w:${word}`);
    case 'prefix': {
      const words = foldedWords(node.value);
      const last = [...(words.at(-1) ?? '')];
      const prefix = last.length >= MIN_PREFIX_KEY ? [`p:${last.slice(0, MAX_PREFIX_KEY).join('')}`] : [];
      return [...words.slice(0, -1).map((word) => `w:${word}`), ...prefix];
    }
    case 'field': {
      if (node.field === 'party' || node.field === 'entity')
        return foldedWords(node.value).map((word) => `${node.field === 'party' ? 'y' : 'e'}:${word}`);
      const key = node.field === 'docket' ? normalizeDocketNumber(node.value) : nameKey(node.value);
      return key ? [`${{ docket: 'd', agency: 'a', type: 't' }[node.field]}:${key}`] : [];
    }
    default:
      return [];
  }
}

/** Every key the cover could choose: the leaves' keys outside any NOT. */
function positiveKeys(node: QueryNode): string[] {
  if (node.kind === 'not' || node.kind === 'range') return [];
  if (node.kind === 'and' || node.kind === 'or') return node.children.flatMap(positiveKeys);
  return leafKeys(node);
}

/** Keys every document matching `node` has: each leaf's keys, an AND's children's (an OR's or a NOT's none). */
function requiredOf(node: QueryNode): string[] {
  if (node.kind === 'and') return node.children.flatMap(requiredOf);
  if (node.kind === 'or' || node.kind === 'not' || node.kind === 'range') return [];
  return leafKeys(node);
}

const SURROGATE = /[\uD800-\uDFFF]/u;

/** The word's starts of 3 to 6 letters (code points: slicing UTF-16 would split an astral letter). */
function prefixKeys(word: string): string[] {
  const letters = SURROGATE.test(word) ? [...word] : null;
  const length = letters ? letters.length : word.length;
  const keys: string[] = [];
  for (let end = MIN_PREFIX_KEY; end <= Math.min(MAX_PREFIX_KEY, length); end += 1)
    keys.push(letters ? letters.slice(0, end).join('') : word.slice(0, end));
  return keys;
}

/** The words a match is about: terms, phrases and prefixes not under a NOT. */
function highlightsOf(node: QueryNode): Highlights {
  const highlights: Highlights = { words: new Set(), prefixes: [] };
  const visit = (current: QueryNode): void => {
    switch (current.kind) {
      case 'term':
      case 'phrase':
        for (const word of foldedWords(current.value)) highlights.words.add(word);
        return;
      case 'prefix': {
        const words = foldedWords(current.value);
        for (const word of words.slice(0, -1)) highlights.words.add(word);
        const last = words.at(-1);
        if (last) highlights.prefixes.push(last);
        return;
      }
      case 'and':
      case 'or':
        current.children.forEach(visit);
        return;
      default:
        return; // NOT, filters and dates mark nothing in the text
    }
  };
  visit(node);
  return highlights;
}
