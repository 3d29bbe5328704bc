import { docketPatternOf, normaliseDocketNumber, type DocketFormat } from '@docket/corpus';

const cpuc: DocketFormat = { template: '{P}.{YY}-{MM}-{N3}', codes: { P: ['A', 'R', 'C'] }, example: 'A.19-04-012' };
const colorado: DocketFormat = {
  template: '{YY}{K}-{N4}{P}',
  codes: { K: ['AL', 'A', 'R'], P: ['E', 'G'] },
  example: '20AL-0049E',
};
const massachusetts: DocketFormat = { template: 'D.P.U. {YY}-{N3}', example: 'D.P.U. 20-120' };

describe('docket numbers', () => {
  it('derives an anchored pattern from the template', () => {
    expect(docketPatternOf(cpuc)).toBe('^(?:A|R|C)\\.\\d{2}-\\d{2}-\\d{3}$');
    const pattern = new RegExp(docketPatternOf(colorado));
    expect(pattern.test('20AL-0049E')).toBe(true);
    expect(pattern.test('20A-0049E')).toBe(true);
    expect(pattern.test('20X-0049E')).toBe(false);
  });

  it('normalises the ways numbers are written back to the canonical form', () => {
    for (const raw of ['A.19-04-012', 'a.19-04-012', 'A1904012', 'Docket No. A.19-04-012', 'A. 19 - 04 - 012']) {
      expect(normaliseDocketNumber(cpuc, raw)).toBe('A.19-04-012');
    }
    // Codes of different lengths need backtracking: "A" followed by a number vs "AL".
    expect(normaliseDocketNumber(colorado, '20al0049e')).toBe('20AL-0049E');
    expect(normaliseDocketNumber(colorado, '20A-1049G')).toBe('20A-1049G');
    expect(normaliseDocketNumber(massachusetts, 'dpu 20-120')).toBe('D.P.U. 20-120');
  });

  it('rejects what cannot be a number of the format', () => {
    expect(normaliseDocketNumber(cpuc, 'X.19-04-012')).toBeNull();
    expect(normaliseDocketNumber(cpuc, 'A.19-04-0123')).toBeNull();
    expect(normaliseDocketNumber(massachusetts, '20-120')).toBeNull();
  });
});
