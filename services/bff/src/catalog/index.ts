/** What the catalog feature offers the rest of the service. */
export { toDataProductView } from './catalog.mapper';
