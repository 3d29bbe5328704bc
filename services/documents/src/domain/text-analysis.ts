import {
  canonicalEntityKey,
  extractEntities,
  groupingKeys,
  groupMentions,
  type DocketPattern,
  type EntityKind,
} from './entities';
import { entityIdOf } from './ids';

/** Kinds that get an entity profile; money, percentages and dates are kept as values on the document. */
export const PROFILE_KINDS: ReadonlySet<EntityKind> = new Set(['organisation', 'person', 'agency', 'docket', 'place']);
export type ValueKind = 'money' | 'percentage' | 'date';

export interface DocumentEntity {
  id: string;
  kind: EntityKind;
  /** The grouping key; the docket entity of a filing is found by it. */
  key: string;
  name: string;
  aliases: string[];
  count: number;
}

export interface DocumentMention {
  entityId: string;
  start: number;
  end: number;
}

export interface DocumentValue {
  kind: ValueKind;
  text: string;
  start: number;
  end: number;
  value: string;
}

export interface TextAnalysis {
  entities: DocumentEntity[];
  mentions: DocumentMention[];
  values: DocumentValue[];
}

/** Bounds what one document stores, so a huge filing stays well inside MongoDB's 16 MB document limit. */
export const MAX_MENTIONS = 5_000;
export const MAX_VALUES = 2_000;

/** Entities, their mentions (offsets into `text`) and the amounts, percentages and dates in a text. */
export function analyseText(text: string, docketPatterns: DocketPattern[]): TextAnalysis {
  const all = extractEntities(text, { docketPatterns });
  const profiled = all.filter((m) => PROFILE_KINDS.has(m.kind));
  const keys = groupingKeys(profiled);
  // An entity's id is a sha256 of its kind and key: worked out once per entity, not once per mention.
  const ids = new Map<string, string>();
  const idOf = (kind: EntityKind, key: string): string => {
    const memo = `${kind}\u0000${key}`;
    let id = ids.get(memo);
    if (id === undefined) ids.set(memo, (id = entityIdOf(kind, key)));
    return id;
  };
  const entities = groupMentions(profiled).map((group) => ({
    id: idOf(group.kind, group.canonical),
    kind: group.kind,
    key: group.canonical,
    name: group.canonicalName,
    aliases: group.aliases,
    count: group.count,
  }));
  const mentions = profiled
    .slice(0, MAX_MENTIONS)
    .map((m, i) => ({ entityId: idOf(m.kind, keys[i] as string), start: m.start, end: m.end }));
  const values = all
    .filter(
      (m): m is typeof m & { kind: ValueKind } => m.kind === 'money' || m.kind === 'percentage' || m.kind === 'date',
    )
    .slice(0, MAX_VALUES)
    .map((m) => ({ kind: m.kind, text: m.text, start: m.start, end: m.end, value: String(m.value ?? '') }));
  return { entities, mentions, values };
}

/**
 * A filing always belongs to its own docket, named in the text or not: its docket entity is added
 * (counted once) so the document links to the docket's profile and the docket lists the document.
 */
export function withFilingDocket(analysis: TextAnalysis, docketNumber: string): TextAnalysis {
  const docket = filingDocketEntity(docketNumber);
  if (!docket || analysis.entities.some((entity) => entity.id === docket.id)) return analysis;
  return { ...analysis, entities: [...analysis.entities, docket] };
}

/** A filing's own docket as an entity, counted once: known before its text is analysed. */
export function filingDocketEntity(docketNumber: string): DocumentEntity | undefined {
  const key = canonicalEntityKey('docket', docketNumber);
  if (!key) return undefined;
  return { id: entityIdOf('docket', key), kind: 'docket', key, name: docketNumber, aliases: [], count: 1 };
}
