import { parseQuery } from '@docket/query-language';
import { excerptHtml, highlightTitle } from '../../src/search/index/title-highlight';

describe('highlighting hits on the original text', () => {
  it("marks the query's words in a title with its accents, escaping everything else", () => {
    expect(
      highlightTitle('Décision <b>sur</b> la Société Générale', parseQuery('"societe generale" OR decision')),
    ).toBe('<mark>Décision</mark> &lt;b&gt;sur&lt;/b&gt; la <mark>Société Générale</mark>');
    expect(highlightTitle('Rate case', parseQuery('NOT rate'))).toBe('Rate case');
    expect(highlightTitle('Rates and ratings', parseQuery('rat*'))).toBe('<mark>Rates</mark> and <mark>ratings</mark>');
  });

  it('cuts a passage around the best place: the most distinct words of the query, then the earliest', () => {
    const filler = 'filler '.repeat(40);
    const text = `${filler}tariff here ${filler}the wildfire tariff together ${filler}end`;
    const html = excerptHtml(text, parseQuery('tariff OR wildfire'), 10)!;
    expect(html).toBe(
      '…filler filler the <mark>wildfire</mark> <mark>tariff</mark> together filler filler filler filler…',
    );
    expect(excerptHtml('short text with a tariff', parseQuery('tariff'), 10)).toBe(
      'short text with a <mark>tariff</mark>',
    );
    expect(excerptHtml('nothing here', parseQuery('tariff'))).toBeNull();
    expect(excerptHtml('anything', parseQuery('agency:ferc'))).toBeNull();
  });

  it('finds phrases as consecutive folded words, across punctuation and accents', () => {
    expect(
      excerptHtml('Ordered: the Public-Utilités commission, approves.', parseQuery('"public utilites commission"')),
    ).toBe('Ordered: the <mark>Public-Utilités commission</mark>, approves.');
  });
});
