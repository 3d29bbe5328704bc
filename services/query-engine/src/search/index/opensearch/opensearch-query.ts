import {
  foldedWords,
  nameKey,
  normalizeDocketNumber,
  normalizeQuery,
  type FieldNode,
  type QueryNode,
  type RangeNode,
} from '@docket/query-language';

/** An OpenSearch query DSL object (the client's own types are too strict to build trees generically). */
export type Dsl = Record<string, unknown>;

/**
 * Completions tried for the last word of a phrase prefix when `index_prefixes` cannot answer
 * (a last word of 1 or more than 5 characters). Kept well under the 1024-clause limit a whole query
 * must respect; a last word with more completions than this matches only the first ones (in term order).
 */
export const PHRASE_PREFIX_EXPANSIONS = 256;

const MATCH_NONE: Dsl = { match_none: {} };
const MATCH_ALL: Dsl = { match_all: {} };
/** Title, text and description are three fields: a phrase never spans two of them. */
const TEXT_FIELDS = ['words_title', 'words_text', 'words_description'] as const;
/** Field weights as in the SQLite backend's bm25(4.0, 1.0, 2.0): a title word counts four times a text word. */
const SCORED_FIELDS = ['title^4', 'text', 'description^2'];
const HIGHLIGHTED_FIELDS = ['title', 'text'] as const;

export interface CompiledSearch {
  /** Decides what matches, with @docket/query-language's matchesDocument semantics; no scoring. */
  filter: Dsl;
  /**
   * BM25 over the English-analysed title, text and description for the query's positive words;
   * decides the order only.
   */
  scoring: Dsl[];
  /** What the highlighter marks in title and text (the positive words, phrases and prefixes). */
  highlight: Dsl | undefined;
}

/**
 * QueryNode → OpenSearch DSL. The filter mirrors the reference semantics node for node on the
 * folded-word fields; scoring and highlighting use the analysed fields and only see words that
 * are not under a NOT (a word the query excludes should neither rank nor be marked).
 */
export function compileSearch(query: QueryNode): CompiledSearch {
  const normalized = normalizeQuery(query);
  const positives: PositiveLeaf[] = [];
  collectPositive(normalized, false, positives);
  const scoring = scoringClauses(positives);
  return {
    filter: compileMatch(normalized),
    scoring,
    highlight: positives.length > 0 ? { bool: { should: highlightClauses(positives) } } : undefined,
  };
}

export function compileMatch(node: QueryNode): Dsl {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return wordSequence(foldedWords(node.value), false);
    case 'prefix':
      return wordSequence(foldedWords(node.value), true);
    case 'field':
      return compileField(node);
    case 'range':
      return compileRange(node);
    case 'not':
      return { bool: { must_not: [compileMatch(node.child)] } };
    case 'and':
      return node.children.length === 0 ? MATCH_ALL : { bool: { filter: node.children.map(compileMatch) } };
    case 'or':
      return node.children.length === 0
        ? MATCH_ALL
        : { bool: { should: node.children.map(compileMatch), minimum_should_match: 1 } };
  }
}

/** The words next to each other in the title, the text or the description (never across two of them). */
function wordSequence(words: string[], lastIsPrefix: boolean): Dsl {
  if (words.length === 0) return MATCH_NONE;
  return either(TEXT_FIELDS.map((field) => sequenceIn(field, words, lastIsPrefix)));
}

function sequenceIn(field: string, words: string[], lastIsPrefix: boolean): Dsl {
  const joined = words.join(' ');
  if (words.length === 1)
    return lastIsPrefix ? { prefix: { [field]: { value: joined } } } : { term: { [field]: { value: joined } } };
  if (lastIsPrefix)
    return { match_phrase_prefix: { [field]: { query: joined, max_expansions: PHRASE_PREFIX_EXPANSIONS } } };
  return { match_phrase: { [field]: { query: joined } } };
}

function compileField(node: FieldNode): Dsl {
  switch (node.field) {
    case 'agency':
      return keyTerm('agency_keys', nameKey(node.value));
    case 'type':
      return keyTerm('type_keys', nameKey(node.value));
    case 'docket':
      return keyTerm('docket_key', normalizeDocketNumber(node.value));
    case 'party':
      return nameRun('party_words', foldedWords(node.value));
    case 'entity':
      return nameRun('entity_words', foldedWords(node.value));
  }
}

function keyTerm(field: string, key: string): Dsl {
  return key === '' ? MATCH_NONE : { term: { [field]: { value: key } } };
}

/** The words consecutively within one name: a phrase, which the position gap keeps inside one array element. */
function nameRun(field: string, words: string[]): Dsl {
  if (words.length === 0) return MATCH_NONE;
  if (words.length === 1) return { term: { [field]: { value: words[0] } } };
  return { match_phrase: { [field]: { query: words.join(' ') } } };
}

/** The UTC calendar day of filed_at within [from, to]; a document without a date never matches. */
function compileRange(node: RangeNode): Dsl {
  const range: Record<string, number> = {};
  if (node.from !== null) range.gte = utcDayStart(node.from, 'from');
  if (node.to !== null) range.lt = utcDayStart(node.to, 'to') + 86_400_000;
  if (node.from === null && node.to === null) return { exists: { field: 'filed_at' } };
  return { range: { filed_at: range } };
}

function utcDayStart(day: string, end: string): number {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  // The parser only lets valid YYYY-MM-DD through; a tree built by hand might not.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(time))
    throw new Error(`filed range ${end} must be a YYYY-MM-DD date, got "${day}"`);
  return time;
}

function either(clauses: Dsl[]): Dsl {
  return clauses.length === 1 ? (clauses[0] as Dsl) : { bool: { should: clauses, minimum_should_match: 1 } };
}

interface PositiveLeaf {
  kind: 'words' | 'phrase' | 'prefix';
  /** The user's wording (the analysed fields fold and stem it themselves). */
  value: string;
}

function collectPositive(node: QueryNode, negated: boolean, into: PositiveLeaf[]): void {
  switch (node.kind) {
    case 'term':
    case 'phrase': {
      if (negated) return;
      const words = foldedWords(node.value);
      if (words.length === 0) return;
      into.push({ kind: words.length === 1 ? 'words' : 'phrase', value: words.join(' ') });
      return;
    }
    case 'prefix': {
      if (negated) return;
      const words = foldedWords(node.value);
      if (words.length > 0) into.push({ kind: 'prefix', value: words.join(' ') });
      return;
    }
    case 'not':
      collectPositive(node.child, !negated, into);
      return;
    case 'and':
    case 'or':
      for (const child of node.children) collectPositive(child, negated, into);
      return;
    default:
      return;
  }
}

function scoringClauses(leaves: PositiveLeaf[]): Dsl[] {
  const clauses: Dsl[] = [];
  const single = leaves.filter((leaf) => leaf.kind === 'words').map((leaf) => leaf.value);
  // Single words together, so BM25's per-term weights add up as in one bag-of-words query.
  if (single.length > 0)
    clauses.push({ multi_match: { query: single.join(' '), fields: SCORED_FIELDS, type: 'most_fields' } });
  for (const leaf of leaves) {
    if (leaf.kind === 'phrase')
      clauses.push({ multi_match: { query: leaf.value, fields: SCORED_FIELDS, type: 'phrase' } });
    if (leaf.kind === 'prefix')
      clauses.push({ multi_match: { query: leaf.value, fields: SCORED_FIELDS, type: 'phrase_prefix' } });
  }
  return clauses;
}

/**
 * A question's words for retrieval: any of them in the English-analysed (stemmed) title, text or
 * description, scored by BM25 with the search's field weights.
 */
export function questionScoring(words: string[]): Dsl {
  return { multi_match: { query: words.join(' '), fields: SCORED_FIELDS, type: 'most_fields' } };
}

function highlightClauses(leaves: PositiveLeaf[]): Dsl[] {
  return leaves.flatMap((leaf) =>
    HIGHLIGHTED_FIELDS.map((field) => {
      if (leaf.kind === 'words') return { match: { [field]: leaf.value } };
      if (leaf.kind === 'phrase') return { match_phrase: { [field]: leaf.value } };
      return { match_phrase_prefix: { [field]: leaf.value } };
    }),
  );
}
