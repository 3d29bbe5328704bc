/** What the ask feature offers the rest of the service. */
export { filtersFromProto, filtersToProto } from './query.mapper';
