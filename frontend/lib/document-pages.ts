// Paging through a document's text a few pages at a time.
export const PAGES_PER_VIEW = 5;

export interface PageView {
  /** First page shown (1-based). */
  first: number;
  /** Last page shown. */
  last: number;
  totalPages: number;
  previous: number | null;
  next: number | null;
}

/** The view that contains `requested`, aligned to PAGES_PER_VIEW (1–5, 6–10, …). */
export function pageView(requested: number, totalPages: number, perView = PAGES_PER_VIEW): PageView {
  const total = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), total);
  const first = Math.floor((page - 1) / perView) * perView + 1;
  const last = Math.min(total, first + perView - 1);
  return {
    first,
    last,
    totalPages: total,
    previous: first > 1 ? first - perView : null,
    next: last < total ? last + 1 : null,
  };
}
