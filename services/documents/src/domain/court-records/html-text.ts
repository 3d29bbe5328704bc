import type { CheerioAPI } from 'cheerio';

/** A selection of a page's nodes, as cheerio's `$(…)` returns it. */
export type Selection = ReturnType<CheerioAPI>;

/** Where the page breaks a line (a <br>, a block's end); a newline in the markup is only a space. */
export const LINE_BREAK = '\u2029';

/** Collapses runs of spaces (non-breaking ones and newlines too) and trims. */
export function clean(text: string): string {
  return text.replace(/[\s\u00a0]+/gu, ' ').trim();
}

/** An element's text as the page shows it, one line per <br> or block, each cleaned; empty lines dropped. */
export function linesOf(element: Selection): string[] {
  const copy = element.clone();
  copy.find('br').replaceWith(LINE_BREAK);
  copy.find('p, div, tr, li, table').after(LINE_BREAK);
  return copy
    .text()
    .split(LINE_BREAK)
    .map(clean)
    .filter((line) => line !== '');
}
