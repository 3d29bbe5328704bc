import { AGENCIES } from './agency-table';
import { alternation, US_STATES } from './lexicon';
import type { Candidate } from './organisation.extractor';

const STATE = alternation(US_STATES);
const STATE_BODY =
  '(?:State\\s+)?(?:Public\\s+(?:Utilities|Utility|Service)\\s+Commission|State\\s+Corporation\\s+Commission|' +
  'Corporation\\s+Commission|Utilities\\s+Commission|Commerce\\s+Commission|Board\\s+of\\s+Public\\s+Utilities|' +
  'Department\\s+of\\s+Public\\s+(?:Utilities|Service)|Utilities\\s+and\\s+Transportation\\s+Commission|' +
  'Public\\s+Utilities\\s+Board|Energy\\s+Regulatory\\s+Commission|Railroad\\s+Commission|' +
  'Supreme\\s+Court|Court\\s+of\\s+Appeals|Attorney\\s+General|' +
  "Office\\s+of\\s+(?:the\\s+)?(?:People|Public|Consumer)[’']?s?\\s+(?:Counsel|Advocate))";
const DISTRICT =
  '(?:(?:Northern|Southern|Eastern|Western|Middle|Central)\\s+)?District\\s+of\\s+(?:' + STATE + '|Columbia)';
const CAP = "[A-Z][a-z]+(?:['’]s)?";

const PATTERNS: RegExp[] = [
  // Known agencies and their aliases (whole words, case-sensitive so "Sec." or "doe" do not match).
  new RegExp(
    `(?<![\\w.])(?:${alternation(AGENCIES.flatMap((agency) => [agency.name, ...agency.aliases]))})(?![\\w])`,
    'g',
  ),
  new RegExp(`(?:U\\.S\\.\\s+|United\\s+States\\s+)(?:${alternation(AGENCIES.map((agency) => agency.name))})\\b`, 'g'),
  // "California Public Utilities Commission", "Arizona Corporation Commission", "Ohio Supreme Court".
  new RegExp(`\\b(?:${STATE})\\s+${STATE_BODY}`, 'g'),
  // Any state body named "<State> … Commission|Board|Council": "Indiana Utility Regulatory Commission",
  // "Ohio Power Siting Board".
  new RegExp(`\\b(?:${STATE})(?:[ \\t]+[A-Z][a-z]+){0,3}[ \\t]+(?:Commission|Board|Council)\\b`, 'g'),
  // A commission named without its state: "the Public Service Commission".
  /\b(?:Public\s+(?:Service|Utilities|Utility)|State\s+Corporation|Corporation)\s+Commission\b/g,
  // Federal power marketing and other administrations: "Western Area Power Administration".
  /\b(?:[A-Z][a-z]+\s+){0,3}(?:Power|Energy|Safety|Information|Highway|Aviation|Transit|Railroad)\s+Administration\b/g,
  // "Public Service Commission of Maryland", "Public Utilities Commission of the State of Colorado".
  new RegExp(
    `\\b(?:Public\\s+(?:Utilities|Utility|Service)\\s+Commission|Public\\s+Utilities\\s+Board|Supreme\\s+Court|` +
      `Railroad\\s+Commission)\\s+of\\s+(?:the\\s+State\\s+of\\s+)?(?:${STATE})\\b`,
    'g',
  ),
  // Federal trial and bankruptcy courts.
  new RegExp(`\\b(?:U\\.S\\.|United\\s+States)\\s+(?:District|Bankruptcy)\\s+Court\\s+for\\s+the\\s+${DISTRICT}`, 'g'),
  // Offices of agencies and consumer advocates: "Office of Ratepayer Advocates", "Office of Electricity".
  new RegExp(`\\b(?:Office|Division|Bureau)\\s+of\\s+(?:the\\s+)?${CAP}(?:[ \\t]+(?:and[ \\t]+)?${CAP}){0,3}`, 'g'),
  // Federal departments not in the table: "Department of Agriculture".
  new RegExp(
    `\\b(?:U\\.S\\.\\s+)?Department\\s+of\\s+(?:the\\s+)?${CAP}(?:[ \\t]+and[ \\t]+${CAP}|[ \\t]+Security)?`,
    'g',
  ),
];

// Headings in capitals ("FEDERAL ENERGY REGULATORY COMMISSION"): full names only, written in capitals.
// Case-sensitive, of the names in capitals: with the `i` flag the regex matched every name in any
// case, most of them to be dropped, and took three times as long.
const CAPITALS = new RegExp(
  `(?<![\\w.])(?:(?:U\\.S\\.|UNITED\\s+STATES)\\s+)?(?:${alternation(
    AGENCIES.flatMap((agency) => [agency.name, ...agency.aliases])
      .filter((name) => /[a-z]/.test(name))
      .map((name) => name.toUpperCase()),
  )})(?![\\w])`,
  'g',
);

// The same name patterns for captions in capitals ("BEFORE THE COLORADO PUBLIC UTILITIES COMMISSION").
const CAPITALS_PATTERNS = PATTERNS.slice(2, 8).map((pattern) => new RegExp(pattern.source, 'gi'));

/**
 * Words without which a pattern cannot match (or, for a pattern in capitals, cannot give a match
 * that is kept, which is all in capitals): a text without them skips the pattern. Same mentions, less
 * work: the "... Administration" pattern tries every word of a text and the corpus has none, and in
 * capitals ([A-Z][a-z]+ without case) the word patterns try every word of every text.
 */
const NEEDLES = new Map<RegExp, RegExp>([
  [PATTERNS[5] as RegExp, /Administration/],
  ...CAPITALS_PATTERNS.map((pattern, index): [RegExp, RegExp] => [
    pattern,
    [
      /COMMISSION|BOARD|DEPARTMENT|COURT|ATTORNEY|OFFICE/, // <State> <state body>
      /COMMISSION|BOARD|COUNCIL/,
      /COMMISSION/,
      /ADMINISTRATION/,
      /COMMISSION|BOARD|COURT/, // "<body> of <State>"
      /COURT/,
    ][index] as RegExp,
  ]),
]);

/** Agencies, commissions and courts: the built-in table plus state-commission and court name patterns. */
export function extractAgencies(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of text.matchAll(CAPITALS)) {
    const start = match.index ?? 0;
    found.push({ kind: 'agency', text: match[0], start, end: start + match[0].length });
  }
  for (const pattern of [...PATTERNS, ...CAPITALS_PATTERNS]) {
    if (NEEDLES.get(pattern)?.test(text) === false) continue;
    const capitalsOnly = pattern.flags.includes('i');
    for (const match of text.matchAll(pattern)) {
      if (capitalsOnly && match[0] !== match[0].toUpperCase()) continue;
      const start = match.index ?? 0;
      let surface = match[0];
      // A trailing possessive is not part of the name ("People's Counsel" is, "Commission's" is not).
      surface = surface.replace(/['’]s$/, '');
      // A sentence-initial "The" is not part of the name.
      const lead = /^(?:The|THE)\s+/.exec(surface)?.[0].length ?? 0;
      if (lead > 0) {
        found.push({ kind: 'agency', text: surface.slice(lead), start: start + lead, end: start + surface.length });
        continue;
      }
      if (/^Office of/.test(surface) && /\b(?:Commission|Court)$/.test(surface)) continue;
      found.push({ kind: 'agency', text: surface, start, end: start + surface.length });
    }
  }
  return found;
}
