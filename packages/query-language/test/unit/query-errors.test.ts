import { InputError } from '@docket/errors';
import { MAX_NESTING, parseQuery, QuerySyntaxError } from '../../src';

function syntaxError(query: string): QuerySyntaxError {
  try {
    parseQuery(query);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(query)} parsed without an error`);
}

const FIELDS = '(fields: agency, docket, type, party, entity, filed)';
const DATE = 'a date: YYYY, YYYY-MM or YYYY-MM-DD';

describe('QuerySyntaxError', () => {
  it.each([
    // [query, message, 0-based position, expected]
    ['', 'expected a search term at column 1', 0, 'a search term'],
    ['  ?! ', 'expected a search term at column 6', 5, 'a search term'],
    ['(rate case', 'expected ")" at column 11', 10, '")"'],
    ['(rate OR (case) tariff', 'expected ")" at column 23', 22, '")"'],
    ['(rate case]', 'expected a search term at column 11, found "]"', 10, 'a search term'],
    ['rate case)', 'unmatched ")" at column 10', 9, 'end of query'],
    [')', 'expected a search term at column 1, found ")"', 0, 'a search term'],
    ['()', 'expected a search term at column 2, found ")"', 1, 'a search term'],
    ['rate AND', 'expected a search term at column 9', 8, 'a search term'],
    ['rate OR', 'expected a search term at column 8', 7, 'a search term'],
    ['rate NOT', 'expected a search term at column 9', 8, 'a search term'],
    ['AND rate', 'expected a search term at column 1, found "AND"', 0, 'a search term'],
    ['rate OR OR case', 'expected a search term at column 9, found "OR"', 8, 'a search term'],
    ['rate AND OR case', 'expected a search term at column 10, found "OR"', 9, 'a search term'],
    ['*', 'expected a search term at column 1, found "*"', 0, 'a search term'],
    ['rate**', 'expected a search term at column 6, found "*"', 5, 'a search term'],
    ['rate :case', 'expected a search term at column 6, found ":"', 5, 'a search term'],
    ['[2024 TO 2025]', 'expected a search term at column 1, found "["', 0, 'a search term'],
    ['agncy:FERC', `unknown field "agncy" at column 1 ${FIELDS}`, 0, 'a field name'],
    ['rate Title:"x"', `unknown field "Title" at column 6 ${FIELDS}`, 5, 'a field name'],
    ['agency:', 'expected a value after "agency:" at column 8', 7, 'a value after "agency:"'],
    ['agency: FERC', 'expected a value after "agency:" at column 8', 7, 'a value after "agency:"'],
    ['party:(a OR b)', 'expected a value after "party:" at column 7, found "("', 6, 'a value after "party:"'],
    ['party:Pac*', 'unexpected "*" in a field value at column 10', 9, 'a value without "*"'],
    ['foo "bar', 'unterminated phrase starting at column 5', 4, '"'],
    ['party:"Pacific Gas', 'unterminated phrase starting at column 7', 6, '"'],
    [String.raw`"ends with \"`, 'unterminated phrase starting at column 1', 0, '"'],
    ['rate ""', 'expected a letter or digit inside the quotes at column 6', 5, 'a letter or digit'],
    ['type:" - "', 'expected a letter or digit inside the quotes at column 6', 5, 'a letter or digit'],
    ['filed:[2024-13-01 TO *]', 'invalid date "2024-13-01" at column 8', 7, DATE],
    ['filed:[2024-01-01 TO 2023-02-29]', 'invalid date "2023-02-29" at column 22', 21, DATE],
    ['filed:2024-13', 'invalid date "2024-13" at column 7', 6, DATE],
    ['filed:yesterday', 'invalid date "yesterday" at column 7', 6, DATE],
    ['filed:24-01-01', 'invalid date "24-01-01" at column 7', 6, DATE],
    ['filed:0000', 'invalid date "0000" at column 7', 6, DATE],
    ['filed:[2024* TO *]', 'invalid date "2024*" at column 8', 7, DATE],
    [
      'filed:',
      'expected a date or [from TO to] after "filed:" at column 7',
      6,
      'a date or [from TO to] after "filed:"',
    ],
    [
      'filed: 2024',
      'expected a date or [from TO to] after "filed:" at column 7',
      6,
      'a date or [from TO to] after "filed:"',
    ],
    [
      'filed:"2024"',
      'expected a date or [from TO to] after "filed:" at column 7, found "\\"2024\\""',
      6,
      'a date or [from TO to] after "filed:"',
    ],
    ['filed:[2024 to 2025]', 'expected "TO" at column 13, found "to"', 12, '"TO"'],
    ['filed:[2024 2025]', 'expected "TO" at column 13, found "2025"', 12, '"TO"'],
    ['filed:[2024 TO 2025', 'expected "]" at column 20', 19, '"]"'],
    ['filed:[2024 TO 2025)', 'expected "]" at column 20, found ")"', 19, '"]"'],
    ['filed:[TO 2025]', 'invalid date "TO" at column 8', 7, DATE],
    ['filed:[2024 TO ]', 'expected a date or "*" at column 16, found "]"', 15, 'a date or "*"'],
    [
      'filed:[2024-07 TO 2024-03]',
      'invalid date range: "2024-07" is after "2024-03" at column 7',
      6,
      'a start date on or before the end date',
    ],
  ])('%j → %s', (query, message, position, expected) => {
    const error = syntaxError(query);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
    expect(error.column).toBe(position + 1);
    expect(error.expected).toBe(expected);
  });

  it('reports the first problem in reading order', () => {
    expect(syntaxError('a) "unterminated').message).toBe('unmatched ")" at column 2');
    expect(syntaxError('agncy:x "unterminated').message).toMatch(/^unknown field "agncy" at column 1/);
  });

  it('counts columns in UTF-16 code units, like String#slice', () => {
    const error = syntaxError('東京 (𝐀bc');
    expect(error.message).toBe('expected ")" at column 9');
    expect('東京 (𝐀bc'.slice(error.position)).toBe('');
  });

  it('refuses nesting deeper than MAX_NESTING instead of overflowing the stack', () => {
    const deep = `${'('.repeat(MAX_NESTING + 1)}a${')'.repeat(MAX_NESTING + 1)}`;
    expect(syntaxError(deep).message).toBe(
      `the query nests more than ${MAX_NESTING} levels deep at column ${MAX_NESTING + 1}`,
    );
    expect(syntaxError(`${'NOT '.repeat(MAX_NESTING + 1)}a`).position).toBe(MAX_NESTING * 4);
    expect(() => parseQuery(`${'('.repeat(MAX_NESTING)}a${')'.repeat(MAX_NESTING)}`)).not.toThrow();
  });

  it('is an InputError with the issue on the query, so services answer 400 / INVALID_ARGUMENT', () => {
    const error = syntaxError('(rate');
    expect(error).toBeInstanceOf(InputError);
    expect(error.kind).toBe('input');
    expect(error.name).toBe('QuerySyntaxError');
    expect(error.issues).toEqual([{ path: 'query', message: 'expected ")" at column 6' }]);
  });
});
