import v8 from 'node:v8';
import vm from 'node:vm';
import { filingCategories, generateCatalog, generateDockets, generateFilings, type Filing } from '@docket/corpus';

const seed = 'filings-test';
const catalog = generateCatalog(seed);
const dockets = generateDockets(seed, catalog, 300);

/** Heap in use after a full collection (gc exposed at run time, as jest does not pass --expose-gc). */
function retainedHeap(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  return process.memoryUsage().heapUsed;
}

function take(iterator: Iterator<Filing>, n: number): Filing[] {
  const out: Filing[] = [];
  for (let i = 0; i < n; i++) {
    const next = iterator.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

describe('generateFilings', () => {
  const filings = [...generateFilings(seed, catalog, dockets, { count: 1200 })];

  it('yields exactly the requested count, each referencing an existing docket and source', () => {
    expect(filings).toHaveLength(1200);
    const docketKeys = new Set(dockets.map((docket) => `${docket.sourceId}|${docket.number}`));
    const sourceIds = new Set(catalog.sources.map((source) => source.id));
    for (const filing of filings) {
      expect(sourceIds.has(filing.sourceId)).toBe(true);
      expect(docketKeys.has(`${filing.sourceId}|${filing.docketNumber}`)).toBe(true);
    }
    expect(new Set(filings.map((filing) => filing.sourceDocumentId)).size).toBe(1200);
  });

  it('writes filings with plausible metadata and 1-12 pages of text', () => {
    const byNumber = new Map(dockets.map((docket) => [`${docket.sourceId}|${docket.number}`, docket]));
    for (const filing of filings) {
      const docket = byNumber.get(`${filing.sourceId}|${filing.docketNumber}`)!;
      expect(filingCategories).toContain(filing.filingCategory);
      const source = catalog.sources.find((s) => s.id === filing.sourceId)!;
      expect(source.filingTypes).toContainEqual(
        expect.objectContaining({ native: filing.filingTypeNative, category: filing.filingCategory }),
      );
      expect(filing.pages.length).toBeGreaterThanOrEqual(1);
      expect(filing.pages.length).toBeLessThanOrEqual(12);
      expect(filing.filers.length).toBeGreaterThanOrEqual(1);
      expect(filing.language).toBe('en');
      // Filed within the docket's life.
      expect(filing.filedAt.slice(0, 10) >= docket.openedAt).toBe(true);
      if (docket.closedAt) expect(filing.filedAt.slice(0, 10) <= docket.closedAt).toBe(true);
      for (const page of filing.pages) expect(page.length).toBeGreaterThan(200);
    }
    const text = filings.map((filing) => filing.pages.join('\n')).join('\n');
    expect(text).toMatch(/\$\d{1,3}(,\d{3})+|\$\d+\.\d million/);
    expect(text).toMatch(/\d+(\.\d+)?(%| percent)/);
    expect(text).toMatch(/Commissioner|Administrative Law Judge|Circuit Judge/);
    expect(text).toMatch(/\nQ\. .*\?\n\nA\. /);
    expect(text).toContain('IT IS ORDERED that:');
    expect(text).not.toMatch(/lorem ipsum/i);
    // The PDF share is roughly as configured, and every category appears.
    const withPdf = filings.filter((filing) => filing.hasPdf).length / filings.length;
    expect(withPdf).toBeGreaterThan(0.1);
    expect(withPdf).toBeLessThan(0.2);
    expect(new Set(filings.map((filing) => filing.filingCategory))).toEqual(new Set(filingCategories));
  });

  it('puts more filings in more active dockets', () => {
    const perDocket = new Map<string, number>();
    for (const filing of filings) perDocket.set(filing.docketNumber, (perDocket.get(filing.docketNumber) ?? 0) + 1);
    const sorted = [...dockets].sort((a, b) => b.activity - a.activity);
    const count = (list: typeof dockets) => list.reduce((sum, docket) => sum + (perDocket.get(docket.number) ?? 0), 0);
    expect(count(sorted.slice(0, 30))).toBeGreaterThan(count(sorted.slice(-30)) * 3);
  });

  it('is deterministic, and filing i is the same whether streamed from 0 or from i', () => {
    expect([...generateFilings(seed, catalog, dockets, { count: 200 })]).toEqual(filings.slice(0, 200));
    expect([...generateFilings(seed, catalog, dockets, { start: 1100, count: 10 })]).toEqual(filings.slice(1100, 1110));
    const other = [...generateFilings('another seed', catalog, dockets, { count: 5 })];
    expect(other.map((filing) => filing.title)).not.toEqual(filings.slice(0, 5).map((filing) => filing.title));
  });

  it('scales page counts with pageScale and leaves the rest of each filing alone', () => {
    const light = [...generateFilings(seed, catalog, dockets, { count: 200, pageScale: 0.25 })];
    const pagesOf = (list: Filing[]) => list.reduce((sum, filing) => sum + filing.pages.length, 0);
    expect(pagesOf(light)).toBeLessThan(pagesOf(filings.slice(0, 200)) * 0.5);
    expect(light.map((filing) => filing.sourceDocumentId)).toEqual(
      filings.slice(0, 200).map((filing) => filing.sourceDocumentId),
    );
    for (const filing of light) expect(filing.pages.length).toBeGreaterThanOrEqual(1);
  });

  it('is lazy: a million-filing stream yields its first items at once and keeps memory flat', () => {
    const stream = generateFilings(seed, catalog, dockets, { count: 1_000_000 });
    expect(take(stream, 10)).toHaveLength(10);

    const before = retainedHeap();
    let pages = 0;
    let retained = 0;
    for (let i = 1; i <= 10_000; i++) {
      const next = stream.next();
      if (next.done) throw new Error('stream ended early');
      pages += next.value.pages.length;
      if (i % 2_500 === 0) retained = Math.max(retained, retainedHeap() - before);
    }
    expect(pages).toBeGreaterThan(10_000);
    // 10,000 filings hold ~100 MB of text; keeping any sizeable share of them would show far above this bound.
    expect(retained).toBeLessThan(32 * 1024 * 1024);
    stream.return(undefined);
  });
});
