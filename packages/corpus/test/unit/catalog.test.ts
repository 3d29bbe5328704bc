import { filingCategories, generateCatalog } from '@docket/corpus';

describe('generateCatalog', () => {
  const catalog = generateCatalog('catalog-test');

  it('lists about twenty agencies and courts with unique ids, derived patterns and mapped filing types', () => {
    expect(catalog.sources.length).toBeGreaterThanOrEqual(18);
    expect(new Set(catalog.sources.map((source) => source.id)).size).toBe(catalog.sources.length);
    expect(catalog.sources.some((source) => source.kind === 'court')).toBe(true);
    expect(catalog.sources.find((source) => source.id === 'ferc')?.kind).toBe('agency');
    for (const source of catalog.sources) {
      expect(source.homeUrl).toMatch(/^https:\/\//);
      // Each source's own example number matches the pattern derived from its template.
      expect(source.docketFormat.example).toMatch(new RegExp(source.docketPattern));
      for (const type of source.filingTypes) expect(filingCategories).toContain(type.category);
    }
  });

  it('has three data products whose releases are dated, versioned and consistent with their change logs', () => {
    expect(catalog.dataProducts.map((product) => product.name)).toEqual([
      'Rate-case tracker',
      'Interconnection queue',
      'Tariff filings',
    ]);
    for (const product of catalog.dataProducts) {
      expect(product.releases.length).toBeGreaterThanOrEqual(6);
      expect(product.fields.length).toBeGreaterThan(5);
      const dates = product.releases.map((release) => release.date);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(product.releases.map((release) => release.version)).size).toBe(product.releases.length);
      for (let i = 1; i < product.releases.length; i++) {
        const previous = product.releases[i - 1]!;
        const release = product.releases[i]!;
        for (const entity of product.entities) {
          const delta = (kind: string) =>
            release.changeLog
              .filter((entry) => entry.entity === entity && entry.kind === kind)
              .reduce((sum, entry) => sum + entry.count, 0);
          expect(release.recordCounts[entity]).toBe(previous.recordCounts[entity]! + delta('added') - delta('removed'));
        }
      }
      // Columns added by releases are in the latest field list; removed ones are not.
      const names = product.fields.map((field) => field.name);
      for (const release of product.releases) {
        for (const column of release.addedColumns) expect(names).toContain(column);
        for (const column of release.removedColumns) expect(names).not.toContain(column);
      }
    }
  });

  it('is the same for the same seed and differs for another', () => {
    expect(generateCatalog('catalog-test')).toEqual(catalog);
    expect(generateCatalog('other').dataProducts).not.toEqual(catalog.dataProducts);
  });
});
