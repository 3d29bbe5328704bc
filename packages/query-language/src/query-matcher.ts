/**
 * Evaluates a query against one document in memory, for percolation: alerts compile each saved query
 * once and run every new document through thousands of them. A document is tokenised once, on first
 * use, and the result is cached per document object (so treat a document as immutable once matched).
 *
 * The semantics the search backends should reproduce (all after text-normalize's folding):
 * - term, phrase: consecutive words in title or text; prefix: the same, the last word as a prefix;
 * - agency: nameKey equal to the source id's or an agency name's; type: nameKey equal to the native
 *   filing type's or the category's; docket: normalizeDocketNumber keys equal;
 * - party, entity: the value's words appear consecutively in one party's / entity's name;
 * - filed: the UTC calendar day of filedAt within [from, to]; no date never matches.
 */
import type { FieldNode, QueryNode, RangeNode } from './query-ast';
import { normalizeQuery } from './query-normalize';
import { foldedWords, nameKey, normalizeDocketNumber } from './text-normalize';

export interface MatchableDocument {
  title: string;
  text: string;
  sourceId: string;
  agencies?: string[];
  docketNumber: string;
  filingType: string;
  filingCategory: string;
  parties: string[];
  entities?: string[];
  filedAt?: Date;
}

export type CompiledQuery = (doc: MatchableDocument) => boolean;

interface PreparedDocument {
  /** Title words, an empty separator (so no phrase spans title and text), then text words. */
  words: string[];
  positions: Map<string, number[]>;
  /** Distinct words, sorted, for prefix lookups; built on the first prefix query. */
  sorted: string[] | null;
  agencies: Set<string>;
  docket: string;
  types: Set<string>;
  parties: string[][];
  entities: string[][];
  /** YYYY-MM-DD in UTC, or null without a valid filing date. */
  filedDay: string | null;
}

type Matcher = (doc: PreparedDocument) => boolean;

const prepared = new WeakMap<MatchableDocument, PreparedDocument>();

/**
 * Compiles a query into a reusable predicate; compile once, match many documents. The query is
 * normalised first, which defines empty groups: they constrain nothing (an empty query matches all).
 */
export function compileQuery(node: QueryNode): CompiledQuery {
  const matcher = compile(normalizeQuery(node));
  return (doc) => matcher(prepare(doc));
}

export function matchesDocument(node: QueryNode, doc: MatchableDocument): boolean {
  return compileQuery(node)(doc);
}

/**
 * The distinct folded words of the document's title and text, from the same tokenisation the
 * matchers use (and cache), so a percolation index can look the document's words up without
 * reading its text twice.
 */
export function documentWords(doc: MatchableDocument): Iterable<string> {
  return prepare(doc).positions.keys();
}

function compile(node: QueryNode): Matcher {
  switch (node.kind) {
    case 'term':
    case 'phrase': {
      const sequence = foldedWords(node.value);
      return (doc) => containsSequence(doc, sequence, false);
    }
    case 'prefix': {
      const sequence = foldedWords(node.value);
      return (doc) => containsSequence(doc, sequence, true);
    }
    case 'field':
      return compileField(node);
    case 'range':
      return compileRange(node);
    case 'not': {
      const child = compile(node.child);
      return (doc) => !child(doc);
    }
    case 'and': {
      const children = node.children.map(compile);
      return (doc) => {
        for (const child of children) if (!child(doc)) return false;
        return true;
      };
    }
    case 'or': {
      const children = node.children.map(compile);
      return (doc) => {
        for (const child of children) if (child(doc)) return true;
        return false;
      };
    }
  }
}

function compileField(node: FieldNode): Matcher {
  switch (node.field) {
    case 'agency': {
      const key = nameKey(node.value);
      return (doc) => key !== '' && doc.agencies.has(key);
    }
    case 'docket': {
      const key = normalizeDocketNumber(node.value);
      return (doc) => key !== '' && doc.docket === key;
    }
    case 'type': {
      const key = nameKey(node.value);
      return (doc) => key !== '' && doc.types.has(key);
    }
    case 'party': {
      const words = foldedWords(node.value);
      return (doc) => doc.parties.some((party) => containsRun(party, words));
    }
    case 'entity': {
      const words = foldedWords(node.value);
      return (doc) => doc.entities.some((entity) => containsRun(entity, words));
    }
  }
}

function compileRange(node: RangeNode): Matcher {
  const { from, to } = node;
  return (doc) =>
    doc.filedDay !== null && (from === null || doc.filedDay >= from) && (to === null || doc.filedDay <= to);
}

function prepare(doc: MatchableDocument): PreparedDocument {
  const cached = prepared.get(doc);
  if (cached) return cached;
  const words = [...foldedWords(doc.title), '', ...foldedWords(doc.text)];
  const positions = new Map<string, number[]>();
  words.forEach((word, index) => {
    const list = positions.get(word);
    if (list) list.push(index);
    else positions.set(word, [index]);
  });
  const filedTime = doc.filedAt?.getTime() ?? Number.NaN;
  const result: PreparedDocument = {
    words,
    positions,
    sorted: null,
    agencies: new Set([doc.sourceId, ...(doc.agencies ?? [])].map(nameKey)),
    docket: normalizeDocketNumber(doc.docketNumber),
    types: new Set([nameKey(doc.filingType), nameKey(doc.filingCategory)]),
    parties: doc.parties.map(foldedWords),
    entities: (doc.entities ?? []).map(foldedWords),
    filedDay: Number.isNaN(filedTime) ? null : new Date(filedTime).toISOString().slice(0, 10),
  };
  prepared.set(doc, result);
  return result;
}

/**
 * Whether the words occur next to each other in title or text;
 * with `lastIsPrefix` the last one only has to start a word.
 */
function containsSequence(doc: PreparedDocument, sequence: string[], lastIsPrefix: boolean): boolean {
  const last = sequence.length - 1;
  if (last < 0) return false;
  if (last === 0)
    return lastIsPrefix ? hasWordStartingWith(doc, sequence[0] as string) : doc.positions.has(sequence[0] as string);
  const starts = doc.positions.get(sequence[0] as string);
  if (!starts) return false;
  for (const start of starts) {
    let index = 1;
    while (index < last && doc.words[start + index] === sequence[index]) index += 1;
    if (index < last) continue;
    const word = doc.words[start + last];
    const lastWord = sequence[last] as string;
    if (word !== undefined && (lastIsPrefix ? word.startsWith(lastWord) : word === lastWord)) return true;
  }
  return false;
}

function hasWordStartingWith(doc: PreparedDocument, prefix: string): boolean {
  doc.sorted ??= [...doc.positions.keys()].sort();
  const sorted = doc.sorted;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && (sorted[low] as string).startsWith(prefix);
}

/** Whether `needle` occurs as consecutive words of `haystack` (a name contains another on word boundaries). */
function containsRun(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    let index = 0;
    while (index < needle.length && haystack[start + index] === needle[index]) index += 1;
    if (index === needle.length) return true;
  }
  return false;
}
