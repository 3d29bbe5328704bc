import { generateCatalog, generateDockets, generateFilings, type Docket, type Filing } from '@docket/corpus';
import type { IndexedDocument } from '../../services/query-engine/src/domain/indexed-document';

/** Generated filings (@docket/corpus) as the index receives them, for the benches. */
const PAGE_SEPARATOR = '\n\n';

/** `count` filings of the generated corpus for `seed`, with their dockets' parties, in the order generated. */
export function* generatedDocuments(seed: string, count: number): Generator<IndexedDocument> {
  const catalog = generateCatalog(seed);
  const dockets = generateDockets(seed, catalog, Math.max(500, Math.round(count / 200)));
  const docketByNumber = new Map(dockets.map((docket) => [`${docket.sourceId}|${docket.number}`, docket]));
  const sourceNames = new Map(catalog.sources.map((source) => [source.id, source.name]));
  for (const filing of generateFilings(seed, catalog, dockets, { count })) {
    yield indexedFiling(
      filing,
      docketByNumber.get(`${filing.sourceId}|${filing.docketNumber}`),
      sourceNames.get(filing.sourceId) ?? '',
    );
  }
}

export function indexedFiling(filing: Filing, docket: Docket | undefined, sourceName: string): IndexedDocument {
  let text = '';
  const pages: IndexedDocument['pages'] = [];
  filing.pages.forEach((page, index) => {
    if (index > 0) text += PAGE_SEPARATOR;
    pages.push({ number: index + 1, start: text.length, end: text.length + page.length });
    text += page;
  });
  const parties = docket?.parties.map((party) => party.name) ?? [];
  return {
    id: filing.sourceDocumentId,
    title: filing.title,
    text,
    description: filing.description,
    sourceId: filing.sourceId,
    sourceName,
    docketNumber: filing.docketNumber,
    docketId: docket?.id ?? '',
    filingType: filing.filingTypeNative,
    filingCategory: filing.filingCategory,
    filedAt: new Date(filing.filedAt),
    parties,
    filers: filing.filers,
    entities: (docket?.parties ?? []).map((party, index) => ({
      id: `${docket?.id}-p${index}`,
      kind: party.kind,
      name: party.name,
    })),
    pages,
    sha256: `${filing.sourceDocumentId}-${text.length}`,
  };
}
