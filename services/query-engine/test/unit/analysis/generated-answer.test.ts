import { parseGeneratedAnswer } from '../../../src/domain/analysis';

describe('parseGeneratedAnswer', () => {
  it('reads sentences with their passage labels and takes the markers out of the text', () => {
    const sections = parseGeneratedAnswer(
      'The Commission approved a $1.1 billion increase [P1]. It rejected the requested return on equity ' +
        '[P2, P4]. PG&E must file an advice letter within 30 days [P3][P1].',
    );
    expect(sections).toEqual([
      {
        heading: '',
        sentences: [
          { text: 'The Commission approved a $1.1 billion increase.', labels: ['P1'] },
          { text: 'It rejected the requested return on equity.', labels: ['P2', 'P4'] },
          { text: 'PG&E must file an advice letter within 30 days.', labels: ['P3', 'P1'] },
        ],
      },
    ]);
  });

  it('gives markers written after the full stop to the sentence before them', () => {
    const [section] = parseGeneratedAnswer(
      'Comments are due March 3, 2025. [P2] Protests are due the same day. [P2]\n[P3]',
    );
    expect(section!.sentences).toEqual([
      { text: 'Comments are due March 3, 2025.', labels: ['P2'] },
      { text: 'Protests are due the same day.', labels: ['P2', 'P3'] },
    ]);
  });

  it("keeps the model's headings, drops list markers, keeps sentences without a label (to be rejected later)", () => {
    const sections = parseGeneratedAnswer(
      [
        '## Decision',
        '- The court vacated the orders [p5].',
        '',
        '**Next steps**',
        '1. The case returns to FERC.',
      ].join('\n'),
    );
    expect(sections).toEqual([
      { heading: 'Decision', sentences: [{ text: 'The court vacated the orders.', labels: ['P5'] }] },
      { heading: 'Next steps', sentences: [{ text: 'The case returns to FERC.', labels: [] }] },
    ]);
  });

  it('ignores empty answers and headings without sentences', () => {
    expect(parseGeneratedAnswer('')).toEqual([]);
    expect(parseGeneratedAnswer('## Answer\n\n')).toEqual([]);
  });
});
