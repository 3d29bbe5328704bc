import { sanitizeSnippet } from '../../lib/snippet';

describe('sanitizeSnippet', () => {
  it('keeps <mark> tags and already-escaped text', () => {
    expect(sanitizeSnippet('the <mark>rate</mark> &amp; tariff &lt;b&gt;')).toBe(
      'the <mark>rate</mark> &amp; tariff &lt;b&gt;',
    );
  });

  it('escapes any other tag', () => {
    expect(sanitizeSnippet('<img src=x onerror=alert(1)><mark>x</mark><script>bad()</script>')).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<mark>x</mark>&lt;script&gt;bad()&lt;/script&gt;',
    );
  });

  it('escapes <mark> tags carrying attributes', () => {
    expect(sanitizeSnippet('<mark onclick="x()">a</mark>')).toBe('&lt;mark onclick=&quot;x()&quot;&gt;a');
  });

  it('normalises case and whitespace of mark tags', () => {
    expect(sanitizeSnippet('<MARK >a</Mark>')).toBe('<mark>a</mark>');
  });

  it('escapes a bare ampersand but keeps entities', () => {
    expect(sanitizeSnippet('AT&T &#39; &x')).toBe('AT&amp;T &#39; &amp;x');
  });

  it('balances unclosed and stray mark tags', () => {
    expect(sanitizeSnippet('</mark>a <mark>b')).toBe('a <mark>b</mark>');
    expect(sanitizeSnippet('<mark><mark>a</mark></mark>')).toBe('<mark>a</mark>');
  });
});
