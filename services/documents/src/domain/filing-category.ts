/** The normalised filing categories (issue 3 §1); `Other` when a native type fits none. */
export const FILING_CATEGORIES = [
  'Decision', 'Order', 'Testimony', 'Comment', 'Stipulation', 'Tariff', 'Notice', 'Motion', 'Brief', 'Application', 'Other',
] as const;
export type FilingCategoryName = (typeof FILING_CATEGORIES)[number];

// First match wins, so the more specific words come first ("Motion to Dismiss Order" is a Motion).
const RULES: Array<[RegExp, FilingCategoryName]> = [
  [/\bmotion|petition for (rehearing|reconsideration)/i, 'Motion'],
  [/\bbrief|memorandum of law|exceptions\b/i, 'Brief'],
  [/\btestimony|affidavit|declaration|exhibit/i, 'Testimony'],
  [/\bstipulation|settlement|agreement/i, 'Stipulation'],
  [/\btariff|rate schedule|advice letter|compliance filing/i, 'Tariff'],
  [/\bcomment|protest|letter|reply/i, 'Comment'],
  [/\bapplication|petition|complaint|request/i, 'Application'],
  [/\bdecision|opinion|ruling|judgment|recommended/i, 'Decision'],
  [/\border\b|rule\b|regulation/i, 'Order'],
  [/\bnotice|notification|announcement|presidential document/i, 'Notice'],
];

/** Maps a source's own filing-type name to a category; an exact category name maps to itself. */
export function filingCategoryOf(native: string): FilingCategoryName {
  const exact = FILING_CATEGORIES.find((category) => category.toLowerCase() === native.trim().toLowerCase());
  if (exact) return exact;
  return RULES.find(([pattern]) => pattern.test(native))?.[1] ?? 'Other';
}
