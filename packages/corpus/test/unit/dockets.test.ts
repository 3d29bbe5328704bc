import { generateCatalog, generateDockets, industries, normaliseDocketNumber } from '@docket/corpus';

describe('generateDockets', () => {
  const catalog = generateCatalog(7);
  const dockets = generateDockets(7, catalog, 500);
  const sources = new Map(catalog.sources.map((source) => [source.id, source]));

  it('makes the requested number of dockets, spread over most sources, with unique numbers and ids', () => {
    expect(dockets).toHaveLength(500);
    expect(new Set(dockets.map((docket) => docket.id)).size).toBe(500);
    expect(new Set(dockets.map((docket) => `${docket.sourceId}|${docket.number}`)).size).toBe(500);
    expect(new Set(dockets.map((docket) => docket.sourceId)).size).toBeGreaterThanOrEqual(catalog.sources.length - 2);
  });

  it('numbers every docket by its source pattern, and the raw form normalises back to it', () => {
    for (const docket of dockets) {
      const source = sources.get(docket.sourceId);
      expect(source).toBeDefined();
      expect(docket.number).toMatch(new RegExp(source!.docketPattern));
      expect(normaliseDocketNumber(source!.docketFormat, docket.numberRaw)).toBe(docket.number);
    }
  });

  it('has plausible dates, status, parties and topics', () => {
    for (const docket of dockets) {
      expect(docket.openedAt >= '2015-01-01' && docket.openedAt <= '2026-12-31').toBe(true);
      if (docket.status === 'open') expect(docket.closedAt).toBeNull();
      else expect(docket.closedAt! > docket.openedAt).toBe(true);
      expect(industries).toContain(docket.industry);
      expect(docket.parties.length).toBeGreaterThanOrEqual(2);
      expect(docket.parties.some((party) => party.role === 'petitioner' || party.role === 'intervenor')).toBe(true);
      expect(docket.title.length).toBeGreaterThan(10);
      expect(docket.activity).toBeGreaterThan(0);
    }
    const roles = new Set(dockets.flatMap((docket) => docket.parties.map((party) => party.role)));
    expect([...roles].sort()).toEqual(['filer', 'intervenor', 'petitioner', 'respondent', 'staff']);
    expect(new Set(dockets.map((docket) => docket.status))).toEqual(new Set(['open', 'closed', 'withdrawn']));
    expect(new Set(dockets.map((docket) => docket.industry))).toEqual(new Set(industries));
  });

  it('is deterministic for a seed', () => {
    expect(generateDockets(7, catalog, 500)).toEqual(dockets);
    expect(generateDockets(8, catalog, 50)).not.toEqual(dockets.slice(0, 50));
  });
});
