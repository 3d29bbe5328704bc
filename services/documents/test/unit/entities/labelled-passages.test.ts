import fs from 'node:fs';
import path from 'node:path';
import { ENTITY_KINDS } from '../../../src/domain/entities';

interface Gold {
  kind: string;
  text: string;
  start: number;
  end: number;
}
interface Passage {
  id: string;
  split: string;
  text: string;
  mentions: Gold[];
}

const fixtures = path.join(__dirname, '../../fixtures/entities');
const { passages } = JSON.parse(fs.readFileSync(path.join(fixtures, 'labelled-passages.json'), 'utf8')) as {
  passages: Passage[];
};

describe('labelled entity sample', () => {
  it('has at least 60 passages with unique ids, dev and held-out', () => {
    expect(passages.length).toBeGreaterThanOrEqual(60);
    expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
    expect(new Set(passages.map((p) => p.split))).toEqual(
      new Set(['dev', 'heldout-1', 'heldout-2', 'corpus', 'heldout-3', 'heldout-4']),
    );
  });

  it('every gold span is the text at its offsets, of a known kind, and spans do not overlap', () => {
    const kinds = new Set<string>(ENTITY_KINDS);
    for (const passage of passages) {
      let previousEnd = 0;
      for (const mention of [...passage.mentions].sort((a, b) => a.start - b.start)) {
        expect({ id: passage.id, text: passage.text.slice(mention.start, mention.end) }).toEqual({
          id: passage.id,
          text: mention.text,
        });
        expect(kinds.has(mention.kind)).toBe(true);
        expect(mention.start).toBeGreaterThanOrEqual(previousEnd);
        previousEnd = mention.end;
      }
    }
  });

  it('covers every kind', () => {
    const seen = new Set(passages.flatMap((p) => p.mentions.map((m) => m.kind)));
    expect([...seen].sort()).toEqual([...ENTITY_KINDS].sort());
  });

  it('is in sync with its markup source (the JSON is generated, never edited by hand)', () => {
    const marked = [
      'labelled-passages.marked.txt',
      'labelled-passages.heldout.marked.txt',
      'labelled-passages.heldout2.marked.txt',
      'labelled-passages.corpus.marked.txt',
      'labelled-passages.heldout3.marked.txt',
      'labelled-passages.heldout4.marked.txt',
    ]
      .map((file) => fs.readFileSync(path.join(fixtures, file), 'utf8'))
      .join('\n')
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n');
    const markedCount = [...marked.matchAll(/\[\[\w+:[^\]]+\]\]/g)].length;
    expect(passages.reduce((n, p) => n + p.mentions.length, 0)).toBe(markedCount);
  });
});
