import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressText, decompressTextStart } from '../../src/search/index/sqlite/index-text';
import { SqliteIndexFile } from '../../src/search/index/sqlite/sqlite-index-file';
import { generateCorpus } from '../shared/search-corpus';

describe('the start of a stored text', () => {
  it('is the text cut to that many characters, for ASCII, accented, CJK and astral texts, long and short', () => {
    const pieces = [
      'The commission approves the settlement. ',
      'Décision du régulateur, ',
      '電力料金の改定。',
      '🔌⚡ tariff 𝔘 ',
    ];
    let seed = 3;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (const length of [0, 5, 900, 5_000, 60_000]) {
      let text = '';
      while (text.length < length) text += pieces[next() % pieces.length];
      const blob = compressText(text);
      for (const chars of [1, 10, 800, 1_000, 4_000, 100_000]) {
        const start = decompressTextStart(blob, chars);
        const expected = text.slice(0, chars);
        // Never half a surrogate pair: a cut inside one leaves the character out.
        const whole = /[\uD800-\uDBFF]$/.test(expected) ? expected.slice(0, -1) : expected;
        expect(start).toBe(whole);
      }
    }
  });

  it('comes back from a fetch with textChars, with the rest of the document as stored', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qe-fetch-start-'));
    const file = SqliteIndexFile.open(join(dir, 'index.sqlite'));
    try {
      const corpus = generateCorpus(5, 20).map((document, i) => ({
        ...document,
        text: `${document.text} `.repeat(40 + i),
      }));
      file.upsertMany(corpus);
      const ids = corpus.map((d) => d.id);
      const whole = file.fetch(ids);
      const openings = file.fetch(ids, { textChars: 1_000 });
      expect(openings.map((d) => d.id)).toEqual(whole.map((d) => d.id));
      openings.forEach((document, i) => {
        const full = whole[i]!;
        expect(full.text.length).toBeGreaterThan(1_000);
        expect(document).toEqual({ ...full, text: full.text.slice(0, 1_000) });
      });
    } finally {
      file.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
