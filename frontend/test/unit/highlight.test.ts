import { escapeHtml, highlightHtml, highlightSegments, queryTerms } from '../../lib/highlight';

describe('queryTerms', () => {
  it('drops operators, field prefixes, quotes and one-letter words', () => {
    expect(queryTerms('"rate case" AND docket:ER21 NOT a -gas*')).toEqual(['rate', 'case', 'er21', 'gas']);
  });

  it('returns no terms for an empty query', () => {
    expect(queryTerms('')).toEqual([]);
    expect(queryTerms(undefined)).toEqual([]);
  });

  it('orders longer terms first so they win', () => {
    expect(queryTerms('rate rates')).toEqual(['rates', 'rate']);
  });
});

describe('highlightHtml', () => {
  it('escapes markup in the text before marking', () => {
    expect(highlightHtml('<script>alert("rate")</script>', 'rate')).toBe(
      '&lt;script&gt;alert(&quot;<mark>rate</mark>&quot;)&lt;/script&gt;',
    );
  });

  it('marks whole words that start with a term, case-insensitively', () => {
    expect(highlightHtml('Rates and ratepayers; pirate', 'rate')).toBe(
      '<mark>Rates</mark> and <mark>ratepayers</mark>; pirate',
    );
  });

  it('never matches inside an escaped entity', () => {
    expect(highlightHtml('AT&T amp', 'amp')).toBe('AT&amp;T <mark>amp</mark>');
  });

  it('treats regular-expression characters in the query literally', () => {
    expect(highlightHtml('a (bb) c.* d', '(bb) .*')).toBe('a (<mark>bb</mark>) c.* d');
  });

  it('returns the escaped text unchanged without a query', () => {
    expect(highlightHtml('x < y', '')).toBe('x &lt; y');
  });
});

describe('highlightSegments', () => {
  it('splits text into matched and unmatched pieces that join back to the text', () => {
    const text = 'Tariff filed; the tariff was amended.';
    const segments = highlightSegments(text, ['tariff']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['Tariff', 'tariff']);
  });

  it('handles non-ASCII letters as word characters', () => {
    expect(
      highlightSegments('Sélection Électricité', ['élec'])
        .filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(['Électricité']);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
