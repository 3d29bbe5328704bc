import { everyMonth, integerTicks } from '@/lib/chart-series';

describe('everyMonth', () => {
  it('fills the months in between with zero, across a year end, in order', () => {
    const rows = [
      { month: '2024-11', mentions: 3 },
      { month: '2025-02', mentions: 1 },
      { month: '2024-12', mentions: 2 },
    ];
    expect(everyMonth(rows, ['mentions'])).toEqual([
      { month: '2024-11', mentions: 3 },
      { month: '2024-12', mentions: 2 },
      { month: '2025-01', mentions: 0 },
      { month: '2025-02', mentions: 1 },
    ]);
  });

  it('keeps a single month and drops what is not a month', () => {
    expect(
      everyMonth(
        [
          { month: '2024-05', mentions: 4 },
          { month: 'soon', mentions: 9 },
        ],
        ['mentions'],
      ),
    ).toEqual([{ month: '2024-05', mentions: 4 }]);
    expect(everyMonth([], ['mentions'])).toEqual([]);
  });
});

describe('integerTicks', () => {
  it('counts by one while that gives at most five intervals', () => {
    expect(integerTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(integerTicks(3)).toEqual([0, 1, 2, 3]);
    expect(integerTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('steps by 2, 5, 10, 20, 50 … beyond, ending at or above the maximum', () => {
    expect(integerTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(integerTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(integerTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(integerTicks(41)).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('shows 0 and 1 for an empty chart', () => {
    expect(integerTicks(0)).toEqual([0, 1]);
    expect(integerTicks(Number.NaN)).toEqual([0, 1]);
  });
});
