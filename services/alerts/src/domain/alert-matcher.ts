/**
 * One alert compiled for percolation: the predicate a new document must pass, the keys a matching
 * document necessarily has (so the index tests only alerts that can match), and the words its
 * snippet highlights.
 */
import {
  compileQuery, foldedWords, nameKey, normalizeDocketNumber, normalizeQuery, type MatchableDocument, type QueryNode,
} from '@docket/query-language';
import type { AlertRecord } from './alert';
import { alertQuery } from './alert-definition';

/** A new or updated document as percolation sees it. */
export interface PercolationDocument extends MatchableDocument {
  id: string;
  docketId: string;
  sourceName: string;
}

/** What a snippet marks: exact words, and words a prefix query starts. */
export interface Highlights {
  words: Set<string>;
  prefixes: string[];
}

export interface CompiledAlert {
  alertId: string;
  ownerUserId: string;
  kind: AlertRecord['kind'];
  matches(doc: PercolationDocument): boolean;
  /**
   * Keys of which every matching document has at least one (see documentKeys), or null when no
   * such set exists (a NOT alone, dates only): then the alert is tested against every document.
   */
  keys: string[] | null;
  highlights: Highlights;
}

/** Compiles an alert; `parsed` saves parsing the query again when the caller just did. */
export function compileAlert(alert: AlertRecord, parsed?: QueryNode): CompiledAlert {
  const base = { alertId: alert.id, ownerUserId: alert.ownerUserId, kind: alert.kind };
  if (alert.kind === 'docket') {
    const docketId = alert.docket?.docketId ?? '';
    const number = normalizeDocketNumber(alert.docket?.docketNumber ?? '');
    const keys = [...(docketId ? [`i:${docketId}`] : []), ...(number ? [`d:${number}`] : [])];
    return {
      ...base,
      matches: (doc) => (docketId !== '' && doc.docketId === docketId) || (number !== '' && normalizeDocketNumber(doc.docketNumber) === number),
      keys,
      highlights: { words: new Set(), prefixes: [] },
    };
  }
  const query = normalizeQuery(alertQuery(alert.definition, parsed));
  return { ...base, matches: compileQuery(query), keys: coverOf(query)?.keys ?? null, highlights: highlightsOf(query) };
}

/**
 * Every key a document yields: its distinct words (w:) and their first three letters (p:), its
 * docket (d:, i:), agencies (a:), filing types (t:), and the words of its parties (y:) and entities (e:).
 */
export function documentKeys(doc: PercolationDocument): Set<string> {
  const keys = new Set<string>();
  const words = new Set([...foldedWords(doc.title), ...foldedWords(doc.text)]);
  for (const word of words) {
    keys.add(`w:${word}`);
    const start = firstLetters(word);
    if (start !== null) keys.add(`p:${start}`);
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

/** Keys that cover a query, with a rough cost (how many documents they let through). */
interface Cover {
  keys: string[];
  cost: number;
}

const PREFIX_KEY_LENGTH = 3;
// Agencies and filing types are few, so many documents share each: a word is nearly always better.
const BROAD_KEY_COST = 100;
const PREFIX_KEY_COST = 30;

/** The cheapest set of keys at least one of which any document matching `node` has; null if none. */
function coverOf(node: QueryNode): Cover | null {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return wordCover(foldedWords(node.value), 'w');
    case 'prefix': {
      const words = foldedWords(node.value);
      const whole = wordCover(words.slice(0, -1), 'w');
      if (whole) return whole;
      const start = firstLetters(words.at(-1) ?? '');
      return start === null ? null : { keys: [`p:${start}`], cost: PREFIX_KEY_COST };
    }
    case 'field':
      switch (node.field) {
        case 'docket': {
          const key = normalizeDocketNumber(node.value);
          return key ? { keys: [`d:${key}`], cost: 1 } : null;
        }
        case 'agency':
        case 'type': {
          const key = nameKey(node.value);
          return key ? { keys: [`${node.field === 'agency' ? 'a' : 't'}:${key}`], cost: BROAD_KEY_COST } : null;
        }
        case 'party':
          return wordCover(foldedWords(node.value), 'y');
        case 'entity':
          return wordCover(foldedWords(node.value), 'e');
      }
      return null;
    case 'range':
    case 'not':
      return null;
    case 'and': {
      let best: Cover | null = null;
      for (const child of node.children) {
        const cover = coverOf(child);
        if (cover && (!best || cover.cost < best.cost)) best = cover;
      }
      return best;
    }
    case 'or': {
      const keys = new Set<string>();
      let cost = 0;
      for (const child of node.children) {
        const cover = coverOf(child);
        if (!cover) return null;
        for (const key of cover.keys) keys.add(key);
        cost += cover.cost;
      }
      return { keys: [...keys], cost };
    }
  }
}

/** The longest of the words (longer words are rarer), costed by length. */
function wordCover(words: string[], prefix: 'w' | 'y' | 'e'): Cover | null {
  let best = '';
  for (const word of words) if (word.length > best.length) best = word;
  if (best === '') return null;
  return { keys: [`${prefix}:${best}`], cost: Math.max(2, 20 - best.length) };
}

function firstLetters(word: string): string | null {
  const letters = [...word];
  return letters.length >= PREFIX_KEY_LENGTH ? letters.slice(0, PREFIX_KEY_LENGTH).join('') : null;
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
