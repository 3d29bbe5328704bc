import type { ProductSchema } from '../../../src/domain/data-products/product-schema';
import { ReleaseRowChecker, type SourceRecord } from '../../../src/domain/data-products/release-rows';

const schema: ProductSchema = {
  key: ['docket'],
  columns: [
    { name: 'docket', type: 'text', description: 'Docket number' },
    { name: 'requested', type: 'money', unit: 'USD', description: 'Increase requested' },
    { name: 'hearing', type: 'date', description: 'Evidentiary hearing' },
    { name: 'status', type: 'status', order: ['filed', 'decided'], description: 'Where the case stands' },
  ],
};

function check(columns: string[], records: SourceRecord[]) {
  const checker = new ReleaseRowChecker(schema, columns);
  const rows = records.map((record) => checker.check(record)).filter((row) => row !== undefined);
  return { checker, rows };
}

describe('a release file checked against its product', () => {
  it('reads each cell as its column type, an empty cell as not stated', () => {
    const { checker, rows } = check(
      ['docket', 'requested', 'hearing', 'status'],
      [{ line: 2, fields: { docket: 'R-1', requested: '1,250,000', hearing: '2025-06-03', status: 'filed' } }],
    );
    expect(checker.issues).toEqual([]);
    expect(rows).toEqual([{ docket: 'R-1', requested: 1_250_000, hearing: '2025-06-03', status: 'filed' }]);
    expect(check(['docket', 'requested'], [{ line: 2, fields: { docket: 'R-2', requested: ' ' } }]).rows).toEqual([
      { docket: 'R-2', requested: null },
    ]);
  });

  it('names the line and column of every cell it cannot read, and of repeated or empty keys', () => {
    const { checker, rows } = check(
      ['docket', 'requested', 'hearing', 'status'],
      [
        { line: 2, fields: { docket: 'R-1', requested: 'lots', hearing: '2025-06-03', status: 'filed' } },
        { line: 3, fields: { docket: 'R-2', requested: '5', hearing: '06/03/2025', status: 'pending' } },
        { line: 4, fields: { docket: '', requested: '5' } },
        { line: 5, fields: { docket: 'R-3', requested: '5' } },
        { line: 6, fields: { docket: 'R-3', requested: '6' } },
      ],
    );
    expect(checker.issues).toEqual([
      { line: 2, column: 'requested', message: 'must be a number, not "lots"' },
      { line: 3, column: 'hearing', message: 'must be a date as YYYY-MM-DD, not "06/03/2025"' },
      { line: 3, column: 'status', message: 'must be one of filed, decided' },
      { line: 4, column: 'docket', message: 'is a key column and must not be empty' },
      { line: 6, column: 'docket', message: 'repeats the key of line 5' },
    ]);
    expect(rows.map((row) => row.docket)).toEqual(['R-3']);
  });

  it('records a new or missing column as a schema change, not an error; a missing key column is one', () => {
    const { checker } = check(['docket', 'requested', 'roe'], [{ line: 2, fields: { docket: 'R-1', roe: '9.8' } }]);
    expect(checker.issues).toEqual([]);
    expect(checker.schemaChange).toEqual({ added: ['roe'], removed: ['hearing', 'status'] });
    expect(checker.schema.columns.map((column) => `${column.name}:${column.type}`)).toEqual([
      'docket:text',
      'requested:money',
      'roe:text',
    ]);
    expect(new ReleaseRowChecker(schema, ['requested']).issues).toEqual([
      { line: 1, column: 'docket', message: 'is a key column and must be present' },
    ]);
  });
});
