import { buildSnippet, MARK_END, MARK_START } from '../../src/domain/snippet';

const none = { words: new Set<string>(), prefixes: [] };
const mark = (text: string) => text.replaceAll(MARK_START, '[').replaceAll(MARK_END, ']');

describe('hit snippets', () => {
  it('marks every matched word around the first one, prefixes included', () => {
    const snippet = buildSnippet('The Commission accepts the proposed Tariff revisions and the tariffs filed.', {
      words: new Set(['tariff']),
      prefixes: ['revis'],
    });
    expect(mark(snippet)).toBe('The Commission accepts the proposed [Tariff] [revisions] and the tariffs filed.');
  });

  it('opens a little before the first match, on a word boundary, with ellipses where it cuts', () => {
    const text = `${'opening words '.repeat(30)}the merger of the two utilities ${'closing words '.repeat(40)}`;
    const snippet = buildSnippet(text, { words: new Set(['merger']), prefixes: [] });
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(mark(snippet)).toContain('the [merger] of the two utilities');
    expect(snippet.length).toBeLessThanOrEqual(245);
    expect(snippet.slice(1)).toMatch(/^(opening|words) /);
  });

  it('is the opening of the text when nothing in it matched (a docket follow)', () => {
    expect(buildSnippet('  Notice   of filing.\nComments due.', none)).toBe('Notice of filing. Comments due.');
    expect(buildSnippet('word '.repeat(100), none)).toMatch(/^word word .*…$/);
  });

  it('folds case and diacritics when comparing, and keeps the text as written', () => {
    expect(mark(buildSnippet('Décision sur la Régie', { words: new Set(['regie']), prefixes: [] }))).toBe(
      'Décision sur la [Régie]',
    );
  });
});
