/** A docket number as keyed: without a "Docket No." prefix, single-spaced, upper case. */
export function normaliseDocketKey(raw: string): string {
  return raw
    .replace(/^\s*(docket|case|proceeding)\s*(no\.?|number|#)?\s*:?\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}
