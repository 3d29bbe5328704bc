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

  it('is the same for the same seed', () => {
    expect(generateCatalog('catalog-test')).toEqual(catalog);
  });
});
