import { documentPassages } from '../../../src/embeddings/passages';

describe('documentPassages', () => {
  const sentence = (i: number) => `Sentence number ${i} says something about rates.`; // 46 chars

  it('starts with the title and the opening sentences, and cuts at sentence boundaries', () => {
    const text = Array.from({ length: 10 }, (_, i) => sentence(i)).join(' ');
    const passages = documentPassages('Order on Rehearing', text, { maxPassages: 10, passageChars: 100 });
    expect(passages[0]).toBe(`Order on Rehearing. ${sentence(0)} ${sentence(1)}`);
    expect(passages[1]).toBe(`${sentence(2)} ${sentence(3)} ${sentence(4)}`);
    expect(passages.join(' ')).toBe(`Order on Rehearing. ${text}`);
  });

  it('stops after maxPassages', () => {
    const text = Array.from({ length: 50 }, (_, i) => sentence(i)).join(' ');
    expect(documentPassages('T', text, { maxPassages: 2, passageChars: 100 })).toHaveLength(2);
  });

  it('cuts a sentence longer than twice the target', () => {
    const passages = documentPassages('', 'x'.repeat(450), { maxPassages: 10, passageChars: 100 });
    expect(passages.every((p) => p.length <= 200)).toBe(true);
    expect(passages.join('')).toBe('x'.repeat(450));
  });

  it('gives a title-only document its title, and an empty one one empty passage', () => {
    expect(documentPassages('Notice of Filing.', '')).toEqual(['Notice of Filing.']);
    expect(documentPassages('', '  ')).toEqual(['']);
  });
});
