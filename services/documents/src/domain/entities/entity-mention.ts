export const ENTITY_KINDS = [
  'organisation',
  'person',
  'agency',
  'docket',
  'place',
  'money',
  'percentage',
  'date',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** One occurrence of an entity in a text; start/end are UTF-16 offsets into the input (end exclusive). */
export interface EntityMention {
  kind: EntityKind;
  text: string;
  start: number;
  end: number;
  /** The grouping key from canonicalEntityKey (aliases of one entity share it). */
  canonical: string;
  /** money: amount in currency units (4200000 for "$4.2 million"; a range gives its low end);
   *  percentage: the number (low end of a range); date: ISO yyyy-mm-dd or yyyy-mm; docket: the source id. */
  value?: number | string;
}

/** A docket-number pattern of one source. A named group `number` (if any) is the mention's span. */
export interface DocketPattern {
  sourceId: string;
  pattern: RegExp | string;
}

export interface ExtractEntitiesOptions {
  docketPatterns: DocketPattern[];
}

/** A mention merged with its aliases: what an entity profile shows. */
export interface GroupedEntity {
  kind: EntityKind;
  canonical: string;
  canonicalName: string;
  aliases: string[];
  count: number;
}
