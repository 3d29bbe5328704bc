export { extractEntities } from './extract-entities';
export { canonicalEntityKey } from './canonical-key';
export { groupMentions } from './group-mentions';
export { DEFAULT_DOCKET_PATTERNS } from './default-docket-patterns';
export { AGENCIES, type AgencyEntry } from './agency-table';
export { ENTITY_KINDS, type EntityKind, type EntityMention, type DocketPattern, type ExtractEntitiesOptions, type GroupedEntity } from './entity-mention';
