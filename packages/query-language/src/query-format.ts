import type { QueryNode } from './query-ast';
import { isBareTerm } from './query-lexer';
import { normalizeQuery } from './query-normalize';

const KEYWORDS = new Set(['AND', 'OR', 'NOT']);

/**
 * Prints a query in canonical form: normalised, explicit AND/OR/NOT, parentheses only where
 * precedence needs them, dates as [YYYY-MM-DD TO YYYY-MM-DD]. `parseQuery(formatQuery(q))` equals
 * `normalizeQuery(q)` for every tree whose values the grammar can spell (all the parser produces);
 * a term or prefix it cannot spell throws. An empty query prints as "".
 */
export function formatQuery(node: QueryNode): string {
  return print(normalizeQuery(node));
}

function print(node: QueryNode): string {
  switch (node.kind) {
    case 'term':
      if (!isBareTerm(node.value) || KEYWORDS.has(node.value))
        throw new Error(`formatQuery: ${JSON.stringify(node.value)} is not a bare term; use a phrase`);
      return node.value;
    case 'prefix':
      if (!isBareTerm(node.value)) throw new Error(`formatQuery: ${JSON.stringify(node.value)} cannot take a "*"`);
      return `${node.value}*`;
    case 'phrase':
      return quote(node.value);
    case 'field':
      return `${node.field}:${isBareTerm(node.value) ? node.value : quote(node.value)}`;
    case 'range':
      return `${node.field}:[${node.from ?? '*'} TO ${node.to ?? '*'}]`;
    case 'not':
      return `NOT ${group(node.child, node.child.kind === 'and' || node.child.kind === 'or')}`;
    case 'and':
      // After normalisation an AND holds no AND, so only ORs need parentheses.
      return node.children.map((child) => group(child, child.kind === 'or')).join(' AND ');
    case 'or':
      return node.children.map((child) => print(child)).join(' OR ');
  }
}

function group(node: QueryNode, parenthesize: boolean): string {
  return parenthesize ? `(${print(node)})` : print(node);
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
