import type { FilterNode, QueryNode } from './query-ast';
import { normalizeQuery } from './query-normalize';

export interface CollectedFilters {
  /** Field and date filters every match must pass: push them down as SQL / OpenSearch filters. */
  filters: FilterNode[];
  /** The rest of the query (free text, negations, ORs), or null when the query is only filters. */
  text: QueryNode | null;
}

/**
 * Splits the field and range filters ANDed at the top of a query from its free-text part. Filters
 * under OR or NOT stay in `text`: they do not restrict every match.
 */
export function collectFilters(node: QueryNode): CollectedFilters {
  const query = normalizeQuery(node);
  const clauses = query.kind === 'and' ? query.children : [query];
  const filters: FilterNode[] = [];
  const rest: QueryNode[] = [];
  for (const clause of clauses) {
    if (clause.kind === 'field' || clause.kind === 'range') filters.push(clause);
    else rest.push(clause);
  }
  const text = normalizeQuery({ kind: 'and', children: rest });
  return { filters, text: text.kind === 'and' && text.children.length === 0 ? null : text };
}
