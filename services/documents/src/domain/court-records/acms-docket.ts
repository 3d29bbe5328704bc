import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import {
  emptyDocket,
  type CourtAttorney,
  type CourtParty,
  type CourtRecogniser,
  type DocketEntry,
  type RecognisedDocket,
} from './court-record';
import { usDate } from './us-dates';

/**
 * ACMS, the appellate case management system of the Second and Ninth Circuits, exports a docket as
 * JSON: `caseDetails` (number, name, dates, originating court, case type and the parties with their
 * counsel as an HTML table) and `docketInfo.docketEntries` (number, filing day, HTML docket text).
 */
export const acmsDocketRecogniser: CourtRecogniser = {
  format: 'acms',
  recognise({ bytes }) {
    const json = parseJson(bytes);
    const details = asRecord(json?.caseDetails);
    const entries = asRecord(json?.docketInfo)?.docketEntries;
    // The shape, not the file name, decides: a case with a number and a list of entries.
    if (!details || !Array.isArray(entries) || !scalar(details.caseNumber)) return undefined;
    return readDocket(
      details,
      entries.map(asRecord).filter((entry) => entry !== undefined),
    );
  },
};

type Json = Record<string, unknown>;

/**
 * The courts that run ACMS and how a docket shows which one it is. `named` finds the court naming
 * itself in docket text (its web site, "for the Ninth Circuit", its own rules "9th Cir. R.");
 * `districts` and `states` read the originating court. Add a row when another circuit adopts ACMS.
 */
const ACMS_COURTS = [
  {
    id: 'ca2',
    named: /\bca2\.uscourts\.gov\b|\bfor the Second Circuit\b|\b2(?:d|nd) Cir\. ?R\./giu,
    districts: ['SDNY', 'EDNY', 'NDNY', 'WDNY', 'DCONN', 'DVT'],
    states: /\b(?:New York|Connecticut|Vermont)\b/iu,
  },
  {
    id: 'ca9',
    named: /\bca9\.uscourts\.gov\b|\bfor the Ninth Circuit\b|\b9th Cir\. ?R\./giu,
    districts: [
      'DALASKA',
      'DARIZ',
      'CDCAL',
      'EDCAL',
      'NDCAL',
      'SDCAL',
      'DGUAM',
      'DHAW',
      'DIDAHO',
      'DMONT',
      'DNEV',
      'DNMARI',
      'DOR',
      'EDWASH',
      'WDWASH',
    ],
    // "Washington" alone may be the capital, so only a district of the state counts.
    states: new RegExp(
      String.raw`\b(?:Alaska|Arizona|California|Guam|Hawaii|Idaho|Montana|Nevada|Northern Mariana Islands|Oregon|` +
        String.raw`(?:Eastern|Western) Washington)\b`,
      'iu',
    ),
  },
];

function readDocket(details: Json, rawEntries: Json[]): RecognisedDocket {
  const entries = rawEntries.map(readEntry);
  const docket = emptyDocket('acms');
  docket.docketNumber = plainText(scalar(details.caseNumber));
  docket.caseName = fragmentText(scalar(details.name));
  docket.courtId = courtIdOf(
    details,
    entries.flatMap((entry) => entry.evidence),
  );
  docket.natureOfSuit = [details.caseType, details.caseSubType, details.caseSubSubType]
    .map((part) => plainText(scalar(part)))
    .filter(Boolean)
    .join(', ');
  // caseOpened is the court's day; receivedDate is a UTC instant, so only a fallback.
  docket.dateFiled = isoDay(scalar(details.caseOpened)) || isoDay(scalar(details.receivedDate));
  docket.dateTerminated = closingDay(details);
  docket.parties = readParties(scalar(details.partyAttorneyList));
  // In the order the export lists them (not always by number), as the court shows them.
  docket.entries = entries.map((entry) => entry.entry);
  return docket;
}

function readEntry(raw: Json): { entry: DocketEntry; evidence: string[] } {
  const $ = load(scalar(raw.docketEntryText), null, false);
  const description = fragmentText($);
  const entry: DocketEntry = {
    number: plainText(scalar(raw.entryNumber)),
    dateFiled: isoDay(scalar(raw.endDate)) || usDate(scalar(raw.endDateFormatted)),
    dateEntered: enteredDay(description),
    description,
  };
  // Links are kept apart from the text: they often carry the court's own web address.
  const links = $('a[href]')
    .toArray()
    .map((link) => $(link).attr('href') ?? '');
  return { entry, evidence: [description, ...links] };
}

/** The ACMS party list: one table row per party, the party in the first cell and its counsel in the second. */
function readParties(html: string): CourtParty[] {
  const $ = load(html, null, false);
  return $('tr')
    .toArray()
    .flatMap((row) => {
      const [partyCell, counselCell] = $(row).children('td').toArray();
      // Name first, role last ("Petitioner,"), anything between is an alias or an alien number.
      const lines = partyCell ? textLines([partyCell]).map(withoutTrailingComma) : [];
      const name = lines[0];
      if (!name) return [];
      const terminated = lines.find((line) => /\bterminated\b/iu.test(line)) ?? '';
      const party: CourtParty = {
        name,
        role: lines.length > 1 ? (lines[lines.length - 1] as string) : '',
        attorneys: counselCell ? readCounsel($(counselCell).children('div').toArray(), counselCell) : [],
        dateTerminated: usDate(terminated),
      };
      return [party];
    });
}

/** Each attorney is a block of lines: the name, contact lines, and roles in brackets ("[Retained]"). */
function readCounsel(blocks: AnyNode[], cell: AnyNode): CourtAttorney[] {
  const groups = (blocks.length > 0 ? blocks : [cell]).map((block) => textLines([block]));
  return groups
    .filter((lines) => lines.length > 0) // ACMS puts empty spacer blocks between attorneys
    .map(([name, ...rest]) => ({
      name: name as string,
      contact: rest.filter((line) => !isBracketed(line)).join('\n'),
      roles: rest.filter(isBracketed).map((line) => line.slice(1, -1).trim()),
    }));
}

/** The court: first as the docket text names it, else from the court or district the case came from. */
function courtIdOf(details: Json, evidence: string[]): string {
  let best = { id: '', count: 0 };
  for (const court of ACMS_COURTS) {
    const count = evidence.reduce((sum, text) => sum + (text.match(court.named)?.length ?? 0), 0);
    if (count > best.count) best = { id: court.id, count };
  }
  if (best.id) return best.id;
  const origins = [...Object.values(asRecord(details.court) ?? {}), details.districtCourtName]
    .map((value) => plainText(scalar(value)))
    .filter(Boolean);
  const court = ACMS_COURTS.find((candidate) =>
    origins.some(
      (origin) => candidate.districts.includes(compactAbbreviation(origin)) || candidate.states.test(origin),
    ),
  );
  return court?.id ?? '';
}

/** "S.D.N.Y . (NEW YORK CITY)" → "SDNY", "D. Conn." → "DCONN": a district's abbreviation without dots or spaces. */
function compactAbbreviation(courtName: string): string {
  return (courtName.split(/[(,]/u)[0] ?? '').toUpperCase().replace(/[^A-Z]/gu, '');
}

/** A day the case was closed or terminated, under whatever key the export names it. */
function closingDay(details: Json): string {
  const key = Object.keys(details).find((name) => /closed|terminat/iu.test(name) && isoDay(scalar(details[name])));
  return key ? isoDay(scalar(details[key])) : '';
}

/** The day in "[Entered: 10/02/2023 11:17 AM]" at the end of the docket text. */
function enteredDay(description: string): string {
  const stamp = /\[Entered:([^\]]*)\]/iu.exec(description);
  return stamp ? usDate(stamp[1] as string) : '';
}

/** "2023-10-02" or "2023-10-02T10:55:11Z" → "2023-10-02", checked against the calendar. */
function isoDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/u.exec(value.trim());
  return match ? usDate(`${match[2]}/${match[3]}/${match[1]}`) : '';
}

// Elements that end a line of text; everything else runs into the line around it.
const LINE_BREAKING = new Set(['br', 'p', 'div', 'tr', 'li', 'table', 'ul', 'ol']);

/** The plain-text lines of HTML nodes: entities decoded, whitespace collapsed, empty lines dropped. */
function textLines(nodes: AnyNode[]): string[] {
  const lines = [''];
  const walk = (node: AnyNode): void => {
    if (node.type === 'text') {
      lines[lines.length - 1] += node.data;
    } else if (node.type === 'tag' || node.type === 'root') {
      const breaks = node.type === 'tag' && LINE_BREAKING.has(node.name.toLowerCase());
      if (breaks) lines.push('');
      node.children.forEach(walk);
      if (breaks) lines.push('');
    }
  };
  nodes.forEach(walk);
  return lines.map(plainText).filter(Boolean);
}

/** An HTML fragment (or a string that may hold entities) as one line of plain text. */
function fragmentText(html: string | CheerioAPI): string {
  const $ = typeof html === 'string' ? load(html, null, false) : html;
  return textLines($.root().toArray()).join(' ');
}

function plainText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function withoutTrailingComma(line: string): string {
  return line.replace(/\s*,$/u, '');
}

function isBracketed(line: string): boolean {
  return line.startsWith('[') && line.endsWith(']');
}

function parseJson(bytes: Buffer): Json | undefined {
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/u, '')
    .trim();
  if (!text.startsWith('{')) return undefined; // cheap refusal of PDFs, HTML, …
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function asRecord(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A string or number field as text; '' for null, objects and the rest. */
function scalar(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}
