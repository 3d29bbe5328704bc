import type { AnalysedDocument } from '../../../../src/domain/analysis';
import { holdRead, readFiling } from '../../../../src/domain/analysis/proceeding/record-sentences';

function document(id: string): AnalysedDocument {
  return {
    id,
    title: `Order ${id}`,
    text: `The Commission approves an increase of $${id.length}.5 million. The hearing is set for May 4, 2026.`,
    pages: [],
    filedAt: new Date('2026-03-01T12:00:00Z'),
  } as unknown as AnalysedDocument;
}

/** The facts of a filing's first sentence: the same array while its reading is kept, a new one when read again. */
const factsOf = (doc: AnalysedDocument) => readFiling(doc).sentences[0]!.facts;

/** Reads enough other filings to push `doc` out of the cache of recent reads. */
function readOthers(prefix: string): void {
  for (let i = 0; i < 300; i++) readFiling(document(`${prefix}-${i}`));
}

describe('holdRead', () => {
  it('keeps what it read for readFiling, however many filings are read meanwhile, until released', async () => {
    const held = document('held-1');
    let steps = 0;
    const reading = await holdRead([held, document('held-2')], async () => void (steps += 1));
    expect(steps).toBe(2);
    const first = factsOf(held);
    expect(first.length).toBeGreaterThan(0);
    readOthers('meanwhile');
    expect(factsOf(held)).toBe(first);

    reading.release();
    readOthers('afterwards');
    const again = factsOf(held);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('reads a filing again when its text changed since it was held', async () => {
    const held = document('changed');
    const reading = await holdRead([held], async () => undefined);
    const before = factsOf(held);
    const changed = { ...held, text: 'The Commission denies the application in full on June 1, 2026.' };
    expect(readFiling(changed).sentences[0]!.text).toMatch(/denies/);
    expect(factsOf(held)).toBe(before);
    reading.release();
  });
});
