import { docketCandidatesIn } from '../../src/domain/named-dockets';

describe('docket numbers named in a question', () => {
  it.each([
    ['When is the hearing in docket R-2023-2704577?', ['R-2023-2704577']],
    ['Who intervened in ER24-1679-000?', ['ER24-1679-000']],
    ['What did the CPUC decide in A.24-02-103?', ['A.24-02-103']],
    ['When is the hearing in docket 49432?', ['49432']],
    ['Status of 20172539-GU', ['20172539-GU']],
    ['G008/GR-24-208 rate case', ['G008/GR-24-208']],
    ['What happened in D.P.U. 18-177?', ['D.P.U. 18-177']],
    ['Who is the judge in Case No. 3:21-cv-21301?', ['3:21-cv-21301']],
    ['What is the current hearing date in 19124?', ['19124']],
  ])('%s', (question, expected) => {
    expect(docketCandidatesIn(question)).toEqual(expected);
  });

  it('leaves out amounts, percentages, years and plain numbers', () => {
    expect(docketCandidatesIn('What rate increase did Lehigh Valley Water Service request in 2023?')).toEqual([]);
    expect(docketCandidatesIn('Was the $139.3 million increase (36.2%) granted for 45,000 customers?')).toEqual([]);
  });
});
