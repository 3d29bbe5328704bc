/**
 * Entity extraction for filings: pure functions, no I/O.
 *
 * - `extractEntities(text, { docketPatterns })` → mentions of organisations, people, agencies (commissions and
 *   courts included), docket numbers, places, money, percentages and dates, with offsets into `text`, a
 *   `canonical` grouping key and, for money/percentage/date/docket, a `value`. Overlaps are resolved (a date in a
 *   docket number is not a date; an agency is not also an organisation). Docket patterns may be the sources'
 *   anchored validation patterns ("^\\d{5}$"); digit-only shapes are only taken after a cue such as "Docket No.".
 *   An invalid pattern string throws (a bad source configuration should be seen, not skipped).
 * - `canonicalEntityKey(kind, text)` → the key shared by all spellings of one entity.
 * - `groupMentions(mentions)` → entities with their most frequent surface form, aliases and counts.
 *
 * Quality on the labelled sample: `npx tsx bench/entity-extraction.eval.ts`.
 */
export { extractEntities } from './extract-entities';
export { canonicalEntityKey } from './canonical-key';
export { groupMentions, groupingKeys } from './group-mentions';
export { DEFAULT_DOCKET_PATTERNS } from './default-docket-patterns';
export { AGENCIES, type AgencyEntry } from './agency-table';
export {
  ENTITY_KINDS,
  type EntityKind,
  type EntityMention,
  type DocketPattern,
  type ExtractEntitiesOptions,
  type GroupedEntity,
} from './entity-mention';
