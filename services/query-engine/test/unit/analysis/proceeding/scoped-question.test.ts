import { OPEN_SCOPE, scopedQuestion, type AnswerScope } from '../../../../src/domain/analysis';

const proceeding = (docketNumber: string): AnswerScope => ({
  ...OPEN_SCOPE,
  kind: 'proceeding',
  docketNumber,
  sourceId: 'ny-psc',
});

describe('scopedQuestion', () => {
  it.each([
    ['What does Staff argue in docket 25-E-2611?', '25-E-2611', 'What does Staff argue?'],
    ['When is the hearing in Docket No. A.24-02-103 set?', 'A.24-02-103', 'When is the hearing set?'],
    ['What did ER24-1679-000 decide about intervenors?', 'ER24-1679-000', 'What did decide about intervenors?'],
  ])('%j within %s → %j', (question, docket, expected) => {
    expect(scopedQuestion(question, proceeding(docket))).toBe(expected);
  });

  it('keeps a question that names another docket, or no proceeding, or only the docket', () => {
    expect(scopedQuestion('What does Staff argue in docket 25-E-2611?', proceeding('24-E-0001'))).toBe(
      'What does Staff argue in docket 25-E-2611?',
    );
    expect(scopedQuestion('What does Staff argue in docket 25-E-2611?', OPEN_SCOPE)).toBe(
      'What does Staff argue in docket 25-E-2611?',
    );
    expect(scopedQuestion('25-E-2611?', proceeding('25-E-2611'))).toBe('25-E-2611?');
  });
});
