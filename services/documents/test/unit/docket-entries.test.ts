import { InputError } from '@docket/errors';
import {
  docketEntryMark,
  docketListingKey,
  docketListingPrefix,
  documentIdOfListingKey,
  entriesOffsetOf,
  entriesPageSizeOf,
  LEAD_CHARS,
  leadOf,
} from '../../src/domain/docket-entries';

const DOCKET = 'a'.repeat(24);
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('docket listing keys', () => {
  it("sort as the court's order: day, then number as a number, unnumbered and undated last among their peers", () => {
    const entries = [
      ['e10', day('2021-05-01'), '10'],
      ['e9', day('2021-05-01'), '9'],
      ['u', day('2021-04-06'), ''],
      ['e2', day('2021-04-06'), '2'],
      ['e1', day('2021-04-02'), '1'],
      ['undated', undefined, '12'],
    ] as const;
    const keys = entries.map(([id, filedAt, number]) =>
      docketListingKey(DOCKET, id, { docketEntry: docketEntryMark(number), filedAt }),
    );
    expect([...keys].sort().map(documentIdOfListingKey)).toEqual(['e1', 'e2', 'u', 'e9', 'e10', 'undated']);
  });

  it("keep a docket's entries apart from its other filings", () => {
    expect(
      docketListingKey(DOCKET, 'x', { docketEntry: docketEntryMark('1') }).startsWith(
        docketListingPrefix(DOCKET, 'entries'),
      ),
    ).toBe(true);
    expect(
      docketListingKey(DOCKET, 'y', { filedAt: day('2024-01-01') }).startsWith(docketListingPrefix(DOCKET, 'filings')),
    ).toBe(true);
  });
});

describe('an entry mark', () => {
  it("orders by the number's value", () => {
    expect(docketEntryMark(' 12 ')).toEqual({ number: '12', order: 12 });
    expect(docketEntryMark('')).toEqual({ number: '', order: null });
  });
});

describe('a lead', () => {
  it("is an entry's text after its heading line, on one line", () => {
    expect(
      leadOf(
        'Acme v. Roe, No. 1:20-cv-1, docket entry 3, filed 2020-01-02\n\nORDER granting\n  the motion.',
        docketEntryMark('3'),
      ),
    ).toBe('ORDER granting the motion.');
    expect(leadOf('Heading line\nrest', undefined)).toBe('Heading line rest');
  });

  it('reads only the start of a long text, and gives what flattening all of it would', () => {
    const whole = (text: string) => {
      const flat = text.replace(/\s+/gu, ' ').trim();
      return flat.length <= LEAD_CHARS ? flat : `${flat.slice(0, LEAD_CHARS - 1).replace(/\s+\S*$/u, '')}…`;
    };
    const texts = [
      `${' \n'.repeat(5_000)}late start ${'word '.repeat(200)}`, // whitespace beyond the first windows
      `${'x'.repeat(LEAD_CHARS - 3)}${' '.repeat(LEAD_CHARS * 8)}y z`, // the lead's length reached only at the end
      'short text',
      'a b '.repeat(100_000),
    ];
    for (const text of texts) expect(leadOf(text, undefined)).toBe(whole(text));
  });

  it('is cut at a word, within its length', () => {
    const lead = leadOf('word '.repeat(400), undefined);
    expect(lead.length).toBeLessThanOrEqual(LEAD_CHARS);
    expect(lead).toMatch(/word…$/u);
  });
});

describe('paging', () => {
  it('bounds the page size and takes only tokens it gave', () => {
    expect(entriesPageSizeOf(0)).toBe(50);
    expect(entriesPageSizeOf(1_000)).toBe(200);
    expect(() => entriesPageSizeOf(-1)).toThrow(InputError);
    expect(entriesOffsetOf('')).toBe(0);
    expect(entriesOffsetOf('150')).toBe(150);
    for (const token of ['-1', '1.5', 'abc', '999999999', ' 1'])
      expect(() => entriesOffsetOf(token)).toThrow(InputError);
  });
});
