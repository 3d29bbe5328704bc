import { isComparedColumn, readCell, type ColumnDef } from '../../../src/domain/data-products/product-schema';

const sources: ColumnDef = { name: 'sources', type: 'citations', description: '' };
const citation = {
  documentId: 'd1',
  start: 10,
  end: 42,
  quote: 'requests $3.8 million',
  page: 2,
  documentTitle: 'App',
  filedAt: '2026-03-02',
};

describe('a citations cell', () => {
  it('is kept as JSON text of column → citation, read from an object or from JSON text', () => {
    const fromObject = readCell(sources, { requested_increase: citation });
    const fromText = readCell(sources, JSON.stringify({ requested_increase: citation }));
    expect(fromObject).toEqual(fromText);
    expect(fromObject.ok && JSON.parse(String(fromObject.value))).toEqual({ requested_increase: citation });
  });

  it('says which citation is not one', () => {
    const reading = readCell(sources, { requested_increase: { ...citation, end: 5 } });
    expect(reading).toEqual({ ok: false, message: expect.stringContaining('requested_increase') });
    expect(readCell(sources, '{not json')).toEqual({ ok: false, message: expect.stringContaining('JSON') });
    expect(readCell(sources, [citation])).toEqual({ ok: false, message: expect.stringContaining('object') });
  });

  it('is not compared between releases: the same value read from another sentence is no change', () => {
    const schema = { key: ['id'], columns: [{ name: 'id', type: 'text' as const, description: '' }, sources] };
    expect(isComparedColumn(schema, sources)).toBe(false);
    expect(isComparedColumn(schema, schema.columns[0]!)).toBe(false);
    expect(isComparedColumn(schema, { name: 'rate', type: 'money', description: '' })).toBe(true);
  });
});
