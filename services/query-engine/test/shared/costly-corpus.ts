import { parseQuery } from '@docket/query-language';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import type { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';

/**
 * An index made costly to search on purpose: every document holds every one of 40 OR-ed words 30
 * times, so BM25 reads 1,200 word positions per row of HEAVY_QUERY; LIGHT_QUERY finds one document.
 */
const WORDS = Array.from({ length: 40 }, (_, i) => `w${i}`);
export const HEAVY_QUERY = parseQuery(WORDS.join(' OR '));
export const LIGHT_QUERY = parseQuery('needle');
export const NEEDLE_ID = 'doc-7';

export function costlyDocument(index: number): IndexedDocument {
  return {
    id: `doc-${index}`,
    title: `Filing ${index}`,
    text: `${WORDS.join(' ')} `.repeat(30) + (`doc-${index}` === NEEDLE_ID ? ' needle' : ''),
    description: '',
    sourceId: 'ferc',
    sourceName: 'FERC',
    docketNumber: 'ER24-1',
    docketId: '',
    filingType: 'order',
    filingCategory: 'Order',
    filedAt: new Date(Date.UTC(2024, 0, 1 + (index % 360))),
    parties: ['Acme Power'],
    filers: [],
    entities: [],
    pages: [],
    sha256: `sha-${index}`,
  };
}

export async function fillCostly(backend: SqliteFts5Backend, documents = 3000): Promise<void> {
  const build = await backend.beginBuild();
  await build.addFromSource(Array.from({ length: documents }, (_, i) => costlyDocument(i)));
  await build.commit();
}
