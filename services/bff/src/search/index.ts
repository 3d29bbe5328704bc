/** What the search feature offers the rest of the service. */
export type { SearchFacetField } from './search-view';
export type { SearchGateway } from './search.gateway';
