import { firstDate, isDateOnly } from '../court-records/opinion-fields';
import { extractDockets } from '../entities/docket.extractor';

/**
 * What an agency filing's first pages say of it: the docket number (by the source's own pattern, else
 * after a "Docket No." label), the day it was filed or dated, who filed it and its title (the caption's
 * capitalised heading: "COMMENTS OF SIERRA CLUB", "ORDER APPROVING RATE PLAN"). Each is '' when the
 * pages do not say.
 */
export interface AgencyFilingFields {
  docketNumber: string;
  /** YYYY-MM-DD */
  date: string;
  filer: string;
  title: string;
}

/** How far into the filing its caption and heading are looked for. */
const HEADING_LINES = 60;
const TITLE_LINES_MAX = 3;
const TITLE_CHARS_MAX = 200;
/** Words a filing's heading starts with or holds. */
const FILING_WORD = new RegExp(
  String.raw`\b(?:COMMENTS?|REPLY|MOTION|BRIEF|TESTIMONY|ORDER|PETITION|APPLICATION|NOTICE|ANSWER|PROTEST|COMPLAINT|` +
    String.raw`STIPULATION|SETTLEMENT|AGREEMENT|DECISION|RULING|REPORT|LETTER|REQUEST|RESPONSE|OBJECTIONS?|` +
    String.raw`EXCEPTIONS|AFFIDAVIT|TARIFF|STATEMENT|PLAN|FILING|SUBMITTAL|MEMORANDUM|RESOLUTION|RECOMMENDATION|` +
    String.raw`PROPOSAL|INTERVENTION|REBUTTAL|SURREBUTTAL)\b`,
  'u',
);
/** Caption lines that name the forum or the matter, not the filing. */
const NOT_TITLE = new RegExp(
  String.raw`^(?:BEFORE\b|STATE OF\b|COMMONWEALTH OF\b|UNITED STATES\b|IN THE MATTER\b|IN RE\b|DOCKET\b|CASE\b|` +
    String.raw`PROCEEDING\b|CAUSE\b|FILE\b|[A-Z ]*(?:COMMISSION|BOARD|DEPARTMENT|AUTHORITY|AGENCY|OFFICE)$)`,
  'u',
);
const DATE_LABEL = new RegExp(
  String.raw`^(?:dated|date(?:\s+filed)?|filed(?:\s+on)?|issued(?:\s+(?:and\s+effective|on))?|submitted(?:\s+on)?|` +
    String.raw`date\s+of\s+(?:filing|issuance))\b\s*[:.,]?\s*`,
  'iu',
);
const LABELLED_DOCKET =
  /\b(?:Docket|Case|Proceeding|Cause|File)\s+(?:Nos?\.|Numbers?|#)\s*:?\s*([A-Z0-9][\w.:/-]*\d[\w.:/-]*\w|\d)/u;
/** Who filed it, as the heading or a signature says: "… on behalf of X", "Counsel for X", "Submitted by X". */
const ON_BEHALF = /\b(?:on behalf of|counsel for|attorneys? for|submitted by|filed by)\s+(?:the\s+)?(.+)$/iu;
/** A signature block's line naming the filer ("Counsel for Acme Gas Co."): a line of its own, not a sentence. */
const SIGNED_FOR = /^(?:on behalf of|counsel for|attorneys? for|submitted by|filed by)[:\s]+(?:the\s+)?(.{2,80})$/iu;
/**
 * Headings of what a party files, naming it after OF ("REPLY COMMENTS OF X", "MOTION OF X TO INTERVENE");
 * not "NOTICE OF HEARING".
 */
const PARTY_FILING = new RegExp(
  String.raw`^(?:[A-Z'-]+ ){0,3}?(?:COMMENTS|REPLY|BRIEF|MOTION|PETITION|APPLICATION|ANSWER|PROTEST|RESPONSE|` +
    String.raw`OBJECTIONS?|EXCEPTIONS|TESTIMONY|STATEMENT|REQUEST|COMPLAINT|PROPOSAL|RECOMMENDATIONS?)\b` +
    String.raw`.*?\bOF\s+(?:THE\s+)?(.+)$`,
  'u',
);
/** What follows OF in a heading when it names no party ("APPLICATION OF RATES", "MOTION OF INTENT"). */
const NOT_A_PARTY = new RegExp(
  String.raw`^(?:COMMISSION|BOARD|HEARING|INTENT|PROPOSED|APPEARANCE|SERVICE|COMPLIANCE|WITHDRAWAL|DISMISSAL|` +
    String.raw`DECISION|ORDER|RULEMAKING|INQUIRY|RATES?|TIME|COUNSEL)\b`,
  'u',
);
/**
 * What ends the filer's name in a heading ("MOTION OF X TO INTERVENE", "PETITION OF X FOR APPROVAL …");
 * not "for" in a name ("Citizens for Clean Air").
 */
const AFTER_FILER = new RegExp(
  String.raw`\s+(?:TO|ON|REGARDING|CONCERNING|ADDRESSING|WITH RESPECT TO|RE:?|` +
    String.raw`IN (?:SUPPORT|OPPOSITION|RESPONSE|REPLY)|` +
    String.raw`FOR (?:A|AN|THE|APPROVAL|LEAVE|REHEARING|CLARIFICATION|RECONSIDERATION|AUTHORITY|EXPEDITED|WAIVER|` +
    String.raw`EXTENSION|INTERVENTION|DECLARATORY|RELIEF|REVIEW|ISSUANCE|ACCEPTANCE|ADOPTION|PERMISSION))\s.*$`,
  'iu',
);

export function readAgencyFiling(pages: readonly string[], docketPattern: string): AgencyFilingFields {
  const text = pages.join('\n');
  const lines = text
    .split(/\r?\n/u)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '');
  const heading = lines.slice(0, HEADING_LINES);
  const title = titleOf(heading);
  return {
    docketNumber: docketOf(text, docketPattern),
    date: dateOf(lines, heading),
    filer: filerOf(title, lines),
    title: title ? displayed(title) : '',
  };
}

/** The first docket number the source's pattern finds; without one, a labelled number ("Docket No. 24-0117"). */
function docketOf(text: string, pattern: string): string {
  if (pattern.trim() !== '') {
    try {
      const [first] = extractDockets(text, [{ sourceId: 'source', pattern }]).sort((a, b) => a.start - b.start);
      return first?.text ?? '';
    } catch {
      return ''; // a pattern that does not compile reads nothing (the catalog checks them as they are added)
    }
  }
  return LABELLED_DOCKET.exec(text)?.[1]?.replace(/[.,:;]$/u, '') ?? '';
}

/**
 * A labelled day ("Dated: March 3, 2025", "Issued and effective March 3, 2025"),
 * else a line that is only a day near the top (a letter's).
 */
function dateOf(lines: readonly string[], heading: readonly string[]): string {
  for (const line of lines) {
    const label = DATE_LABEL.exec(line);
    if (label) {
      const date = firstDate(line.slice(label[0].length));
      if (date) return date;
    }
  }
  const alone = heading.find((line) => isDateOnly(line));
  return alone ? firstDate(alone) : '';
}

/** The heading: consecutive capitalised lines, the first holding a filing's word, not the forum or the matter. */
function titleOf(heading: readonly string[]): string {
  const start = heading.findIndex(
    (line) => isCapitalised(line) && FILING_WORD.test(line) && !NOT_TITLE.test(line) && !isDateOnly(line),
  );
  if (start < 0) return '';
  const parts = [heading[start] as string];
  for (const line of heading.slice(start + 1, start + TITLE_LINES_MAX)) {
    if (!isCapitalised(line) || NOT_TITLE.test(line) || isDateOnly(line) || LABELLED_DOCKET.test(line)) break;
    parts.push(line);
  }
  const title = parts.join(' ');
  return title.length <= TITLE_CHARS_MAX ? title : '';
}

/**
 * The filer named by the heading ("… OF SIERRA CLUB", "… ON BEHALF OF X"),
 * else by a line of the pages ("Counsel for X").
 */
function filerOf(title: string, lines: readonly string[]): string {
  const behalf = ON_BEHALF.exec(title)?.[1];
  if (behalf) return displayed(behalf.replace(AFTER_FILER, ''));
  const of = PARTY_FILING.exec(title)?.[1];
  if (of && !NOT_A_PARTY.test(of)) return displayed(of.replace(AFTER_FILER, ''));
  for (const line of lines) {
    const named = SIGNED_FOR.exec(line)?.[1];
    if (named) return named.replace(/[.,;]+$/u, '');
  }
  return '';
}

/** Mostly capital letters: a caption's heading, not a sentence. */
function isCapitalised(line: string): boolean {
  const letters = line.replace(/[^A-Za-z]/gu, '');
  return letters.length >= 6 && letters.replace(/[^A-Z]/gu, '').length / letters.length >= 0.8;
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** "COMMENTS OF THE SIERRA CLUB" → "Comments of the Sierra Club"; words without vowels ("LLC", "PJM") stay capitals. */
function displayed(text: string): string {
  const words = text.trim().split(/\s+/u);
  return words
    .map((word, index) => {
      if (!/[AEIOUY]/u.test(word) || word !== word.toUpperCase()) return word;
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(
        /(^|[-/('"])([a-z])/gu,
        (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
      );
    })
    .join(' ');
}
