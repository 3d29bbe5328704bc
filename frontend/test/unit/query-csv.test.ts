import { csvField, fileSlug, toCsv } from '../../components/query/csv';

describe('figure CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and leaves plain ones alone', () => {
    expect(csvField('FERC')).toBe('FERC');
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('the "Company"')).toBe('"the ""Company"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes numbers as numbers and empty cells for missing values', () => {
    expect(csvField(4_200_000)).toBe('4200000');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-5 %')).toBe("'-5 %");
    expect(csvField('@SUM')).toBe("'@SUM");
  });

  it('joins a header and rows with CRLF, ending with one', () => {
    expect(
      toCsv(
        ['agency', 'filings'],
        [
          ['FERC', 2],
          ['Acme, Inc.', 1],
        ],
      ),
    ).toBe('agency,filings\r\nFERC,2\r\n"Acme, Inc.",1\r\n');
  });

  it('makes file names from titles', () => {
    expect(fileSlug('Filings by agency')).toBe('filings-by-agency');
    expect(fileSlug('Numbers in the cited passages — Décision')).toBe('numbers-in-the-cited-passages-decision');
    expect(fileSlug('!!!')).toBe('figure');
  });
});
