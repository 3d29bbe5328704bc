import { isEmptyGroup, type QueryNode } from './query-ast';

/**
 * The canonical shape of a query: nested groups of the same kind flattened (`a AND (b AND c)` is one
 * AND of three), empty groups dropped (a NOT of one too), and one-child groups replaced by the child.
 * The result is an empty AND only when nothing is left.
 */
export function normalizeQuery(node: QueryNode): QueryNode {
  return simplify(node) ?? { kind: 'and', children: [] };
}

function simplify(node: QueryNode): QueryNode | null {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const children: QueryNode[] = [];
      for (const child of node.children) {
        const simple = simplify(child);
        if (simple === null) continue;
        if (simple.kind === node.kind) children.push(...simple.children);
        else children.push(simple);
      }
      if (children.length === 0) return null;
      return children.length === 1 ? (children[0] as QueryNode) : { kind: node.kind, children };
    }
    case 'not': {
      const child = simplify(node.child);
      return child === null ? null : { kind: 'not', child };
    }
    default:
      return isEmptyGroup(node) ? null : node;
  }
}
