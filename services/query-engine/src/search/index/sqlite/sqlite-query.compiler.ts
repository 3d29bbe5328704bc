import { normalizeQuery, type QueryNode, type RangeNode } from '@docket/query-language';
import { andOf, combine, ftsTextOf, hasPositiveWords, isFtsOnly } from './fts-query';
import { filedRowids } from './sqlite-rowids';

export type SqlParam = string | number;

/**
 * A query compiled for the SQLite index (token namespaces in fts-query.ts):
 * - `match`: an FTS5 expression every hit satisfies: the query's positive clauses FTS5 can evaluate
 *   (words, phrases, field filters, and NOTs next to them); it drives the search. Null when there
 *   is none;
 * - `ranked`: whether `match` holds words to rank by (field filters alone give nothing to rank);
 * - `rowids`: the rowid range every hit lies in, from the `filed:` ranges ANDed at the top (rowids
 *   encode the filing day, see sqlite-rowids.ts), so FTS5 or the primary key skip the rest;
 * - `where`: an SQL condition on `d` (the documents table) for what FTS5 cannot say: a NOT with
 *   nothing positive beside it, `a OR NOT b`, dates under OR / NOT (rowid subqueries and ranges);
 * - `never`: the query can match nothing.
 * Every condition is two-valued (never NULL), so NOT is the complement the reference matcher expects.
 */
export interface CompiledQuery {
  match: string | null;
  ranked: boolean;
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
const NEVER: CompiledQuery = { match: null, ranked: false, rowids: null, where: '0', params: [], never: true };

export function compileQuery(query: QueryNode): CompiledQuery {
  const root = normalizeQuery(query);
  const clauses = root.kind === 'and' ? root.children : [root];
  const positives: string[] = [];
  const negatives: string[] = [];
  const conditions: Sql[] = [];
  let ranked = false;
  let rowids: [number, number] | null = null;
  for (const clause of clauses) {
    if (clause.kind === 'range') {
      const [first, last] = rangeRowids(clause);
      rowids = rowids ? [Math.max(rowids[0], first), Math.min(rowids[1], last)] : [first, last];
      continue;
    }
    if (isFtsOnly(clause)) {
      if (clause.kind === 'not') {
        const inner = ftsTextOf(clause.child);
        if (inner?.kind === 'never') continue;
        if (inner?.kind === 'expr') {
          negatives.push(inner.expr);
          continue;
        }
      } else {
        const text = ftsTextOf(clause);
        if (text?.kind === 'never') return NEVER;
        if (text?.kind === 'expr') {
          positives.push(text.expr);
          ranked ||= hasPositiveWords(clause);
          continue;
        }
      }
    }
    conditions.push(sqlOf(clause));
  }
  let match: string | null = null;
  if (positives.length > 0) match = combine(positives, negatives);
  else if (negatives.length > 0)
    conditions.push(notInText(negatives.length === 1 ? (negatives[0] as string) : combineOr(negatives)));
  const where = and(conditions);
  if (where.sql === '0' || (rowids && rowids[0] > rowids[1])) return NEVER;
  return { match, ranked, rowids, where: where.sql, params: where.params, never: false };
}

function sqlOf(node: QueryNode): Sql {
  if (isFtsOnly(node)) {
    const text = node.kind === 'and' ? andOf(node.children) : ftsTextOf(node);
    if (text?.kind === 'never') return FALSE;
    if (text?.kind === 'expr') return inText(text.expr);
  }
  switch (node.kind) {
    case 'range':
      return rangeOf(node);
    case 'not':
      return not(sqlOf(node.child));
    case 'and':
      return and(node.children.map(sqlOf));
    case 'or':
      return or(node.children.map(sqlOf));
    default:
      // Terms, phrases, prefixes and fields always have an FTS5 form (or are `never`), handled above.
      throw new Error(`unexpected ${node.kind} node`);
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
  if (inner.sql === '1') return FALSE;
  if (inner.sql === '0') return TRUE;
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
