import { MONTHS } from './lexicon';
import type { DateFact } from './text-fact';

const MONTH_NAMES = 'January|February|March|April|May|June|July|August|September|October|November|December';
const MONTH =
  `(?:${MONTH_NAMES}|` +
  'Jan\\.|Feb\\.|Mar\\.|Apr\\.|Jun\\.|Jul\\.|Aug\\.|Sept\\.|Sep\\.|Oct\\.|Nov\\.|Dec\\.|' +
  'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:1[89]|20)\\d{2})';

const FORMS: { regex: RegExp; parts: (m: RegExpMatchArray) => [string, string, string | undefined] }[] = [
  // July 1, 2025 · Jul. 1, 2025 · July 1st, 2025
  { regex: new RegExp(`\\b(${MONTH})\\s${DAY},?\\s${YEAR}\\b`, 'g'), parts: (m) => [m[3] ?? '', m[1] ?? '', m[2]] },
  // 1 July 2025
  { regex: new RegExp(`\\b${DAY}\\s(${MONTH}),?\\s${YEAR}\\b`, 'g'), parts: (m) => [m[3] ?? '', m[2] ?? '', m[1]] },
  // the 3rd day of June, 2025 (orders' closing formula)
  {
    regex: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)\\s+day\\s+of\\s+(${MONTH}),?\\s+${YEAR}\\b`, 'g'),
    parts: (m) => [m[3] ?? '', m[2] ?? '', m[1]],
  },
  // 2025-07-01 (not inside a longer hyphenated id such as a docket number)
  { regex: /(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?![\w-])/g, parts: (m) => [m[1] ?? '', m[2] ?? '', m[3]] },
  // 07/01/2025 and 10/28/25 (US order; a two-digit year is 20yy)
  {
    regex: /(?<![\w/])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\w/])/g,
    parts: (m) => [(m[3] ?? '').length === 2 ? `20${m[3]}` : (m[3] ?? ''), m[1] ?? '', m[2]],
  },
  // July 2025 (month precision; full month names only, so "May" the verb needs a year after it)
  {
    regex: new RegExp(
      `\\b(${MONTH_NAMES}|Sept?\\.|Jan\\.|Feb\\.|Mar\\.|Apr\\.|Jun\\.|Jul\\.|Aug\\.|Oct\\.|Nov\\.|Dec\\.)\\s${YEAR}\\b`,
      'g',
    ),
    parts: (m) => [m[2] ?? '', m[1] ?? '', undefined],
  },
];

function monthNumber(month: string): number | undefined {
  if (/^\d+$/.test(month)) return Number(month);
  return MONTHS[month.replace(/\.$/, '').toLowerCase()];
}

/** ISO date (yyyy-mm-dd, or yyyy-mm without a day), or undefined when the date does not exist. */
export function isoDate(year: string, month: string, day: string | undefined): string | undefined {
  const m = monthNumber(month);
  const y = Number(year);
  if (!m || m < 1 || m > 12) return undefined;
  const mm = String(m).padStart(2, '0');
  if (day === undefined) return `${y}-${mm}`;
  const d = Number(day);
  const check = new Date(Date.UTC(y, m - 1, d));
  if (d < 1 || check.getUTCMonth() !== m - 1) return undefined;
  return `${y}-${mm}-${String(d).padStart(2, '0')}`;
}

/**
 * Calendar dates in the common written forms; value is ISO. Forms may overlap ("July 1, 2025" and "July 2025" do not).
 */
export function extractDates(text: string): DateFact[] {
  const found: DateFact[] = [];
  for (const { regex, parts } of FORMS) {
    for (const match of text.matchAll(regex)) {
      const [year, month, day] = parts(match);
      const value = isoDate(year, month, day);
      if (!value) continue;
      const start = match.index ?? 0;
      found.push({ kind: 'date', text: match[0], start, end: start + match[0].length, value });
    }
  }
  return found;
}

/** Epoch milliseconds of an ISO date or month (UTC midnight of its first day). */
export function epochMsOf(iso: string): number {
  return Date.parse(iso.length === 7 ? `${iso}-01T00:00:00Z` : `${iso}T00:00:00Z`);
}
