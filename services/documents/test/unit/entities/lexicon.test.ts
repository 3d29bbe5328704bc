import { alternation } from '../../../src/domain/entities/lexicon';

/** Every match of the alternation in `text`, as whole words, the way the extractors use it. */
function matches(literals: string[], text: string): string[] {
  return [...text.matchAll(new RegExp(`(?<![\\w])(?:${alternation(literals)})(?![\\w])`, 'g'))].map(
    (match) => match[0],
  );
}

describe('alternation', () => {
  it('takes the longest literal that matches, whatever the order it was given in', () => {
    const cities = ['New York', 'New York City', 'New Jersey', 'York'];
    expect(matches(cities, 'From New York City to New York, New Jersey and York.')).toEqual([
      'New York City',
      'New York',
      'New Jersey',
      'York',
    ]);
    expect(matches([...cities].reverse(), 'From New York City to New York, New Jersey and York.')).toEqual([
      'New York City',
      'New York',
      'New Jersey',
      'York',
    ]);
  });

  it('falls back to a shorter literal when what follows the longer one does not fit', () => {
    // "D.C. Cir" would match inside "D.C. Circuit" but for the word boundary after it.
    expect(matches(['D.C. Circuit', 'D.C. Cir', 'D.C.'], 'the D.C. Circuit, the D.C. Cir, D.C. Cirrus')).toEqual([
      'D.C. Circuit',
      'D.C. Cir',
      'D.C.',
    ]);
  });

  it('matches a space in a literal to any run of whitespace, and escapes the other characters', () => {
    expect(matches(['U.S. Court of Appeals'], 'the U.S.  Court\nof\tAppeals and the UxS. Court of Appeals')).toEqual([
      'U.S.  Court\nof\tAppeals',
    ]);
    expect(matches(['(a+b)*'], 'x (a+b)* y aab ab')).toEqual(['(a+b)*']);
  });

  it('of no literals matches nothing but the empty string, as an empty list did', () => {
    expect(new RegExp(`^(?:${alternation([])})$`).test('')).toBe(true);
    expect(new RegExp(`^(?:${alternation([])})$`).test('a')).toBe(false);
  });
});
