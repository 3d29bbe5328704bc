import type { ListedOpinion } from './court-record';
import { clean } from './html-text';
import { usDate } from './us-dates';

/**
 * Reading one opinion's fields from the short texts a listing shows for it (cells, link texts,
 * lines, or a JSON/XML record's values): its date, docket number, case name and document link.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|' +
  'Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'iu');
const DAY_FIRST = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})\\b`, 'iu');
const ISO = /\b(\d{4})-(\d{2})-(\d{2})(?!\d)/u;

function isoOf(year: string, month: number, day: string): string {
  const iso = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? '' : iso;
}

const monthNumber = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** The first day the text names, in any of the ways listings write it; '' when none. */
export function firstDate(text: string): string {
  const found: { at: number; iso: string }[] = [];
  const slash = /\b\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})\b/u.exec(text);
  if (slash) found.push({ at: slash.index, iso: usDate(slash[0]) });
  const iso = ISO.exec(text);
  if (iso) found.push({ at: iso.index, iso: isoOf(iso[1] as string, Number(iso[2]), iso[3] as string) });
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst)
    found.push({
      at: monthFirst.index,
      iso: isoOf(monthFirst[3] as string, monthNumber(monthFirst[1] as string), monthFirst[2] as string),
    });
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst)
    found.push({
      at: dayFirst.index,
      iso: isoOf(dayFirst[3] as string, monthNumber(dayFirst[2] as string), dayFirst[1] as string),
    });
  const valid = found.filter((date) => date.iso !== '').sort((a, b) => a.at - b.at);
  return valid[0]?.iso ?? '';
}

/** How many different days the text names (a block naming many is a whole listing, not one opinion). */
export function dateCount(text: string): number {
  const days = new Set<string>();
  for (const piece of text.split(/(?<=\d{4})\b/u)) {
    const date = firstDate(piece);
    if (date) days.add(date);
  }
  return days.size;
}

/** A text that is only a date (with a label such as "Filed" or "Decided"). */
export function isDateOnly(text: string): boolean {
  return (
    firstDate(text) !== '' &&
    text.length <= 40 &&
    !/\d{1,2}[-:]\d{2,}[-A-Z]/u.test(text.replace(/\d{4}-\d{2}-\d{2}/gu, ''))
  );
}

/** "No. 10-4092", "Docket No. 1511", "Case No. 20240965", "Appeal Number: 21-1552", "Docket #: 25-869". */
const LABELLED_DOCKET = new RegExp(
  String.raw`\b(?:docket|case|appeal|cause|file)?\s*(?:no\.?|number|num\.?|#)\s*:?\s*` +
    String.raw`((?:[A-Z]{1,5}[- ]?)?\d[\w.:/-]*\w(?:\s\([A-Z]\))?)`,
  'iu',
);
/**
 * A token shaped like a docket number: digits with dashes ("23-1164", "A-23-201", "14-KA-714",
 * "2023AP001167", "B327821", "WD85751").
 */
const DOCKET_TOKEN = new RegExp(
  String.raw`^(?:[A-Z]{1,6}[- ]?)?\d{1,6}(?:[-–][A-Za-z]{0,4}\d*){1,4}[A-Z]{0,3}$|` +
    String.raw`^[A-Z]{1,3}\d{5,8}$|^\d{4}[A-Z]{2}\d{4,6}$|^\d{5,10}$|^\d{1,3},\d{3}(?:-[A-Z0-9]+)+$`,
  'u',
);

/** "2021-Ohio-4554", "2021 S.D. 67", "2024 UT 40": a report's citation, which is not the docket. */
const CITATION = /^\d{4}[- ](?:[A-Z][A-Za-z.]*[- ]?){1,4}\d+$/u;
/**
 * A docket number written with spaces, as a cell of its own ("20 MA 0125", "678-10-02 wncv",
 * "N22C-06-216 MAA CCLD", "364, 2024").
 */
const SPACED_DOCKET = /^(?=(?:\D*\d){3})[A-Za-z0-9][\w.,/-]*(?:,?\s+(?:and\s+)?[\w.,/-]+){0,4}(?:\s+\([A-Za-z ]+\))?$/u;

/** Whether a short text is a docket number on its own (a cell, a link text). */
export function isDocketToken(text: string): boolean {
  const token = text
    .replace(/^(?:docket|case|appeal)?\s*(?:no\.?|#)\s*:?\s*/iu, '')
    .replace(/\s*\([A-Z]\)$/u, '')
    .trim();
  if (!DOCKET_TOKEN.test(token) || firstDate(token) !== '' || CITATION.test(token)) return false;
  // A bare year or a short number is a count, a page or a year, not a case.
  return !/^\d{1,4}$/u.test(token);
}

/** Whether a cell's whole text is a docket number, spaces and all; words in it are short codes ("CA", "wncv"). */
function isSpacedDocket(text: string): boolean {
  if (text.length > 40 || !SPACED_DOCKET.test(text) || firstDate(text) !== '' || CITATION.test(text)) return false;
  return text
    .split(/[\s,]+/u)
    .every((word) => /\d/u.test(word) || word.length <= 4 || /^\([A-Za-z ]+\)$/u.test(word) || word === 'and');
}

const DOCKET_LABEL = /^(?:docket|case|appeal|cause)\s*(?:no\.?|number|#)\s*:?$/iu;
const LABEL_PREFIX = /^(?:docket|case|appeal)?\s*(?:no\.?|#)\s*:?\s*/iu;

/**
 * The docket number among an opinion's texts: a labelled one first, then a docket-shaped token,
 * then a cell that is one.
 */
export function docketOf(texts: string[], cells: string[] = []): string {
  for (const [index, text] of texts.entries()) {
    const next = texts[index + 1] ?? '';
    if (DOCKET_LABEL.test(text) && (isDocketToken(next) || isSpacedDocket(next))) return next;
    const labelled = LABELLED_DOCKET.exec(text);
    if (labelled && /\d/u.test(labelled[1] as string) && firstDate(labelled[1] as string) === '')
      return clean((labelled[1] as string).replace(/[.,:]$/u, ''));
  }
  for (const text of texts) {
    for (const piece of [text, ...text.split(/\s*[•|;]\s*|\s+-\s+|:\s+/u)]) {
      if (piece.length <= 30 && isDocketToken(piece)) return piece.replace(LABEL_PREFIX, '').trim();
    }
  }
  return cells.find(isSpacedDocket) ?? '';
}

const PARTIES = new RegExp(
  String.raw`\S\s+(?:v\.?|vs\.?|versus)\s+\S|` +
    String.raw`\b(?:matter|interest|estate|succession|adoption|guardianship|custody|petition|application|welfare|` +
    String.raw`conservatorship|marriage) of\b|` +
    String.raw`^(?:in re\b|in the matter of|matter of|ex parte|in the interest of|estate of|re:|petition of|` +
    String.raw`application of|commonwealth v|state v|people v)`,
  'iu',
);
/** Link texts that say what a link is rather than which case it is. */
const GENERIC = new RegExp(
  String.raw`^(?:\[?(?:pdf|doc|docx|wpd|html?|txt|view|download|opinion|order|memorandum|summary|details?|` +
    String.raw`case details|more|read more|read in full|full text|click here|ada|here|link)\]?\W*)+$`,
  'iu',
);

/** Whether a text names parties the way a case name does ("X v. Y", "In re X"). */
export function looksLikeCaseName(text: string): boolean {
  return PARTIES.test(text);
}

/** A case name as listings decorate it, without a leading docket number or a trailing citation or date. */
export function tidyCaseName(text: string): string {
  let name = clean(text)
    .replace(/^(?:case|docket|appeal)\s*(?:no\.?|number|#)\s*:?\s*\S+\s*[:,-]?\s*/iu, '')
    .replace(/^(?:caption|title|case name|style)\s*:\s*/iu, '');
  const split = /^(\S{3,30})\s*(?:•|&bull;|:|–|—)\s*(.+)$/u.exec(name);
  if (split && isDocketToken(split[1] as string)) name = split[2] as string;
  name = name
    .replace(new RegExp(`^(?:${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}/\\d{1,2}/\\d{2,4})\\s*[-–—:|]\\s*`, 'iu'), '')
    .replace(/,?\s+et al\.?,?(?=\s|$)/giu, '')
    .replace(/\s+vs?\.?\s+/giu, ' v. ')
    .replace(/(^|\sv\.\s)(?:USA|U\.S\.A\.|U\.S\.|US)(?=$|\sv\.\s)/gu, '$1United States')
    .replace(/\s+\d{1,2}\/\d{1,2}\/\d{2,4}\b.*$/u, '')
    .replace(/(?:\s*\([^()]*\)\.?)+$/u, '')
    .replace(/,?\s*\(?\d{4}\s+(?:[A-Z][A-Za-z.]*\s*){1,5}\d+\)?(?:\s*\([^)]*\))*\s*$/u, '')
    .replace(/\s*\[[^\]]*\]/gu, '')
    .replace(/,\s*(?:non-?)?precedential$/iu, '');
  return clean(name.replace(/[\s,;:-]+$/u, ''));
}

/** A candidate text for the case name, and whether it is a link's text or a cell named as a title. */
export interface NameCandidate {
  text: string;
  isLink: boolean;
  isTitle: boolean;
}

/**
 * The case name among an opinion's texts: one naming parties, preferably a link's or a title's,
 * else the best link text.
 */
export function caseNameOf(candidates: NameCandidate[]): string {
  let best = '';
  let bestScore = -Infinity;
  for (const candidate of candidates) {
    const text = clean(candidate.text);
    if (
      text.length < 3 ||
      text.length > 250 ||
      !/[A-Za-z]{2}/u.test(text) ||
      GENERIC.test(text) ||
      isDateOnly(text) ||
      isDocketToken(text)
    )
      continue;
    let score = (looksLikeCaseName(text) ? 4 : 0) + (candidate.isLink ? 1 : 0) + (candidate.isTitle ? 2 : 0);
    if (text.length > 150) score -= 3;
    // Among texts alike, a longer one is likelier the caption than a judge's name or a county.
    score += Math.min(text.length, 60) / 100;
    if (/^(?:filed|decided|released|date|posted|author|judge|county|district|lower court|disposition)\b/iu.test(text))
      score -= 3;
    if (score > bestScore) {
      best = text;
      bestScore = score;
    }
  }
  return bestScore >= 0.3 ? tidyCaseName(best) : '';
}

const DOCUMENT_FILE = /\.(?:pdf|docx?|wpd|rtf|txt|html?)(?:$|[?#])/iu;
const DOCUMENT_WORDS = /opinion|download|document|decision|order|memorand|file|pdf|show_public_doc/iu;

/** How strongly a link looks like the document itself (a PDF beats a case page; a mail or script link is none). */
export function documentScore(href: string, text: string): number {
  if (href === '' || /^(?:#|javascript:|mailto:|tel:)/iu.test(href)) return 0;
  if (DOCUMENT_FILE.test(href) && !/\.html?$/iu.test(href.split(/[?#]/u)[0] as string)) return 4;
  if (DOCUMENT_WORDS.test(href) || /^(?:\[?pdf\]?|view|download|opinion)\b/iu.test(text)) return 3;
  return DOCUMENT_FILE.test(href) ? 2 : 1;
}

/**
 * An opinion as read, or undefined when the texts do not make one (no link and no date, or nothing naming the case).
 */
export function opinionOf(fields: ListedOpinion): ListedOpinion | undefined {
  if (fields.url === '' && fields.date === '') return undefined;
  if (fields.caseName === '' && fields.docketNumber === '') return undefined;
  return fields;
}

/** An absolute address for a link, when the page names its own address; else the link as written. */
export function absolute(href: string, base: string): string {
  const link = clean(href);
  if (base === '') return link;
  try {
    return new URL(link, base).toString();
  } catch {
    return link;
  }
}

/** Reads an opinion from a record of named values (a JSON object, an XML element's children). */
export function opinionOfRecord(values: Record<string, string>, base: string): ListedOpinion | undefined {
  const entries = Object.entries(values)
    .map(([key, value]) => [key.toLowerCase(), clean(value)] as const)
    .filter(([, value]) => value !== '');
  const valueFor = (key: RegExp, accept: (value: string) => boolean = () => true): string =>
    entries.find(([name, value]) => key.test(name) && accept(value))?.[1] ?? '';
  const isAddress = (value: string): boolean =>
    /^(?:https?:\/\/|\/|\.\.?\/)|\.(?:pdf|docx?|txt|html?)\b/iu.test(value) && !/\s/u.test(value);
  // A link to the document itself (a PDF in an item's markup) beats the item's own page.
  const url =
    valueFor(
      /url|link|href|file|pdf|path|loc|download|guid/u,
      (value) => isAddress(value) && documentScore(value, '') === 4,
    ) || valueFor(/url|link|href|file|pdf|path|loc|download|guid/u, isAddress);
  const date = firstDate(
    valueFor(/date|filed|decided|released|posted|pub|lastmod|updated|issued/u, (value) => firstDate(value) !== ''),
  );
  const titled = valueFor(/case.?name|caption|title|style|name|parties/u);
  const docket = valueFor(
    /docket|case.?(?:no|num)|appeal.?(?:no|num)|number/u,
    (value) => value.length <= 40 && /\d/u.test(value),
  );
  const texts = entries.map(([, value]) => value);
  const caseName =
    titled !== '' ? tidyCaseName(titled) : caseNameOf(texts.map((text) => ({ text, isLink: false, isTitle: false })));
  return opinionOf({
    caseName,
    date: date !== '' ? date : firstDate(texts.join(' \u2029 ')),
    docketNumber: docket !== '' ? docketOf([docket]) || docket : docketOf([titled, ...texts]),
    url: url !== '' ? absolute(url, base) : '',
  });
}
