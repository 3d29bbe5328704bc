import { pageView } from '../../lib/document-pages';

describe('document page views', () => {
  it('shows five pages at a time, aligned, with previous and next views', () => {
    expect(pageView(1, 12)).toEqual({ first: 1, last: 5, totalPages: 12, previous: null, next: 6 });
    expect(pageView(7, 12)).toEqual({ first: 6, last: 10, totalPages: 12, previous: 1, next: 11 });
    expect(pageView(12, 12)).toEqual({ first: 11, last: 12, totalPages: 12, previous: 6, next: null });
  });

  it('clamps nonsense to the document', () => {
    expect(pageView(99, 12).first).toBe(11);
    expect(pageView(-3, 12).first).toBe(1);
    expect(pageView(Number.NaN, 0)).toEqual({ first: 1, last: 1, totalPages: 1, previous: null, next: null });
  });
});
