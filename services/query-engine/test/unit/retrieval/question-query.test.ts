import { MAX_QUESTION_TERMS, questionTerms } from '../../../src/ask/question-query';

describe('questionTerms', () => {
  it('keeps the meaningful words, folded, once each, in order', () => {
    expect(questionTerms('What is the deadline for the Rate-Case filing of Pacific Gas? The deadline!')).toEqual([
      'deadline',
      'rate',
      'case',
      'filing',
      'pacific',
      'gas',
    ]);
  });

  it('folds accents and keeps numbers', () => {
    expect(questionTerms('Décision 2024 über IL-6')).toEqual(['decision', '2024', 'uber', 'il', '6']);
  });

  it('has nothing to search in a question made of stopwords or punctuation', () => {
    expect(questionTerms('what is it? -- ...')).toEqual([]);
    expect(questionTerms('and or the')).toEqual([]);
  });

  it(`stops at ${MAX_QUESTION_TERMS} terms`, () => {
    const words = Array.from({ length: 50 }, (_, i) => `word${i}`);
    expect(questionTerms(words.join(' '))).toEqual(words.slice(0, MAX_QUESTION_TERMS));
  });
});
