import {
  foldedWords, nameKey, normalizeDocketNumber, normalizeQuery, type FieldNode, type QueryNode, type RangeNode,
} from '@docket/query-language';
import { andOf, combine, ftsPhrase, ftsTextOf, isTextOnly } from '../domain/fts-query';
import { filedRowids } from './sqlite-rowids';

export type SqlParam = string | number;

/**
 * A query compiled for the SQLite index:
 * - `match`: an FTS5 expression every hit satisfies (the query's positive free text), which drives
 *   the search and gives BM25 ranks; null when the query has no positive text. Phrases in it are
 *   phrases of word pairs (see PAIR_JOIN); `highlight` is the same positive text with phrases of
 *   words, for snippets (it matches the same documents);
 * - `rowids`: the rowid range every hit lies in, from the `filed:` ranges ANDed at the top (rowids
 *   encode the filing day, see sqlite-rowids.ts), so FTS5 or the primary key can skip the rest;
 * - `where`: an SQL condition on `d` (the documents table) for everything else: field filters,
 *   negated text, filters under OR / NOT (as rowid subqueries);
 * - `never`: the query can match nothing (skip the database).
 * Every condition is two-valued (never NULL), so NOT is the complement the reference matcher expects.
 */
export interface CompiledQuery {
  match: string | null;
  highlight: string | null;
  rowids: [number, number] | null;
  where: string;
  params: SqlParam[];
  never: boolean;
}

interface Sql {
  sql: string;
  params: SqlParam[];
}

const TRUE: Sql = { sql: '1', params: [] };
const FALSE: Sql = { sql: '0', params: [] };

export function compileQuery(query: QueryNode): CompiledQuery {
  const root = normalizeQuery(query);
  const clauses = root.kind === 'and' ? root.children : [root];
  const positives: string[] = [];
  const highlights: string[] = [];
  const negatives: string[] = [];
  const conditions: Sql[] = [];
  let rowids: [number, number] | null = null;
  for (const clause of clauses) {
    if (clause.kind === 'range') {
      const [first, last] = rangeRowids(clause);
      rowids = rowids ? [Math.max(rowids[0], first), Math.min(rowids[1], last)] : [first, last];
      continue;
    }
    if (isTextOnly(clause)) {
      if (clause.kind === 'not') {
        const inner = ftsTextOf(clause.child, true);
        if (inner?.kind === 'never') continue;
        if (inner?.kind === 'expr') {
          negatives.push(inner.expr);
          continue;
        }
      } else {
        const text = ftsTextOf(clause, true);
        if (text?.kind === 'never') return NEVER;
        if (text?.kind === 'expr') {
          positives.push(text.expr);
          highlights.push((ftsTextOf(clause) as { expr: string }).expr);
          continue;
        }
      }
    }
    conditions.push(sqlOf(clause));
  }
  let match: string | null = null;
  let highlight: string | null = null;
  if (positives.length > 0) {
    match = combine(positives, negatives);
    highlight = combine(highlights, []);
  }
  else if (negatives.length > 0) conditions.push(notInText(negatives.length === 1 ? (negatives[0] as string) : combineOr(negatives)));
  const where = and(conditions);
  if (where.sql === '0' || (rowids && rowids[0] > rowids[1])) return NEVER;
  return { match, highlight, rowids, where: where.sql, params: where.params, never: false };
}

const NEVER: CompiledQuery = { match: null, highlight: null, rowids: null, where: '0', params: [], never: true };

function sqlOf(node: QueryNode): Sql {
  if (isTextOnly(node)) {
    const text = node.kind === 'and' ? andOf(node.children, true) : ftsTextOf(node, true);
    if (text?.kind === 'never') return FALSE;
    if (text?.kind === 'expr') return inText(text.expr);
  }
  switch (node.kind) {
    case 'field':
      return fieldOf(node);
    case 'range':
      return rangeOf(node);
    case 'not':
      return not(sqlOf(node.child));
    case 'and':
      return and(node.children.map(sqlOf));
    case 'or':
      return or(node.children.map(sqlOf));
    default:
      // A term, phrase or prefix always has an FTS5 form (or is `never`), handled above.
      throw new Error(`unexpected ${node.kind} node`);
  }
}

function fieldOf(node: FieldNode): Sql {
  switch (node.field) {
    case 'agency': {
      const key = nameKey(node.value);
      return key === '' ? FALSE : { sql: '(d.agency_key = ? OR d.agency_name_key = ?)', params: [key, key] };
    }
    case 'type': {
      const key = nameKey(node.value);
      return key === '' ? FALSE : { sql: '(d.type_key = ? OR d.category_key = ?)', params: [key, key] };
    }
    case 'docket': {
      const key = normalizeDocketNumber(node.value);
      return key === '' ? FALSE : { sql: 'd.docket_key = ?', params: [key] };
    }
    case 'party':
    case 'entity': {
      // A phrase in the document's names column: the names are separated by a word no query has,
      // so the phrase's words are consecutive in one name.
      const words = foldedWords(node.value);
      if (words.length === 0) return FALSE;
      const column = node.field === 'party' ? 'parties' : 'entities';
      return { sql: 'd.rowid IN (SELECT rowid FROM names_fts WHERE names_fts MATCH ?)', params: [`{${column}} : ${ftsPhrase(words)}`] };
    }
  }
}

/** filed:[from TO to] on the UTC day: the rowids of those days (undated documents have none of them). */
function rangeOf(node: RangeNode): Sql {
  const [first, last] = rangeRowids(node);
  return first > last ? FALSE : { sql: 'd.rowid BETWEEN ? AND ?', params: [first, last] };
}

function rangeRowids(node: RangeNode): [number, number] {
  return filedRowids(node.from === null ? null : dayStart(node.from), node.to === null ? null : dayStart(node.to));
}

/** Milliseconds at the start of a YYYY-MM-DD day in UTC (years 0-99 included, unlike Date.UTC). */
export function dayStart(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  return at.getTime();
}

function inText(expr: string): Sql {
  return { sql: 'd.rowid IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ?)', params: [expr] };
}

function notInText(expr: string): Sql {
  return { sql: 'd.rowid NOT IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ?)', params: [expr] };
}

function combineOr(parts: string[]): string {
  return parts.map((part) => `(${part})`).join(' OR ');
}

function not(inner: Sql): Sql {
  if (inner === TRUE || inner.sql === '1') return FALSE;
  if (inner === FALSE || inner.sql === '0') return TRUE;
  return { sql: `NOT (${inner.sql})`, params: inner.params };
}

function and(parts: Sql[]): Sql {
  const kept = parts.filter((part) => part.sql !== '1');
  if (kept.some((part) => part.sql === '0')) return FALSE;
  if (kept.length === 0) return TRUE;
  if (kept.length === 1) return kept[0] as Sql;
  return { sql: `(${kept.map((part) => part.sql).join(' AND ')})`, params: kept.flatMap((part) => part.params) };
}

function or(parts: Sql[]): Sql {
  const kept = parts.filter((part) => part.sql !== '0');
  if (kept.some((part) => part.sql === '1')) return TRUE;
  if (kept.length === 0) return FALSE;
  if (kept.length === 1) return kept[0] as Sql;
  return { sql: `(${kept.map((part) => part.sql).join(' OR ')})`, params: kept.flatMap((part) => part.params) };
}
