/** What the catalog feature offers the rest of the service. */
export { dataProductToProto } from './catalog.mapper';
export type { CatalogService } from './catalog.service';
export type { CorpusLoadProgress } from './corpus-load-progress';
