/**
 * The query language's syntax tree. Values keep the user's spelling (case, diacritics); matching and
 * the search backends normalise them, so `formatQuery` can print the query back as it was meant.
 */

/** Field filters that take a term or a "quoted value". */
export const VALUE_FIELDS = ['agency', 'docket', 'type', 'party', 'entity'] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

/** Field filters that take a date or a [from TO to] range. */
export const DATE_FIELDS = ['filed'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export const QUERY_FIELDS = [...VALUE_FIELDS, ...DATE_FIELDS] as const;
export type QueryField = ValueField | DateField;

/** A bare word such as `tariff` or `ER24-1234-000` (several words when it has inner punctuation). */
export interface TermNode {
  kind: 'term';
  value: string;
}
/** `"exact phrase"`: the words in this order, next to each other. */
export interface PhraseNode {
  kind: 'phrase';
  value: string;
}
/** `rat*`: `value` is what comes before the `*`; its last word is matched as a prefix. */
export interface PrefixNode {
  kind: 'prefix';
  value: string;
}
/** `party:"Pacific Gas"` */
export interface FieldNode {
  kind: 'field';
  field: ValueField;
  value: string;
}
/** `filed:[2024-01-01 TO 2024-06-30]`: inclusive UTC dates (YYYY-MM-DD); null is an open end. */
export interface RangeNode {
  kind: 'range';
  field: DateField;
  from: string | null;
  to: string | null;
}
/** Every child matches; an empty group constrains nothing. */
export interface AndNode {
  kind: 'and';
  children: QueryNode[];
}
/** At least one child matches; an empty group constrains nothing. */
export interface OrNode {
  kind: 'or';
  children: QueryNode[];
}
export interface NotNode {
  kind: 'not';
  child: QueryNode;
}

export type QueryNode = TermNode | PhraseNode | PrefixNode | FieldNode | RangeNode | AndNode | OrNode | NotNode;
export type FilterNode = FieldNode | RangeNode;

export function isValueField(name: string): name is ValueField {
  return (VALUE_FIELDS as readonly string[]).includes(name);
}

export function isDateField(name: string): name is DateField {
  return (DATE_FIELDS as readonly string[]).includes(name);
}

/** True for an `and`/`or` with no children, which normalisation removes. */
export function isEmptyGroup(node: QueryNode): boolean {
  return (node.kind === 'and' || node.kind === 'or') && node.children.length === 0;
}
