import { load, type CheerioAPI } from 'cheerio';
import { harmonizedCaseName } from './case-names';
import {
  emptyDocket,
  type CourtAttorney,
  type CourtFile,
  type CourtParty,
  type CourtRecogniser,
  type DocketEntry,
  type RecognisedDocket,
} from './court-record';
import { districtCourtId, FEDERAL_COURTS } from './federal-courts';
import { clean, LINE_BREAK, linesOf, type Selection } from './html-text';
import { usDate } from './us-dates';

/**
 * PACER CM/ECF docket reports of the district and bankruptcy courts and the Court of International
 * Trade, as a browser saves them: the heading names the court and the case number, a header table
 * the judge and dates, role tables the parties and their attorneys, and the last table the entries.
 */
export const cmecfDocketRecogniser: CourtRecogniser = { format: 'cmecf', recognise };

/** What the heading's last line starts with ("CIVIL DOCKET FOR CASE #: 3:08-cv-00159-WHA"). */
const CASE_NUMBER = /(?:DOCKET FOR CASE|Bankruptcy Petition|Adversary Proceeding)\s*#:\s*(.+)$/iu;
const ENTRY_TEXT = /\(Entered:\s*(\d{1,2}\/\d{1,2}\/\d{4})\)/u;
/** Underlined headings of the criminal tables, which are not parties. */
const NOT_A_ROLE = /^(?:pending counts|terminated counts|complaints|disposition|highest offense level.*|none)$/iu;
/** The attorney's standing, printed in italic capitals ("LEAD ATTORNEY"). */
const ATTORNEY_ROLE = /^[A-Z][A-Z .'-]+$/u;

function recognise(file: CourtFile): RecognisedDocket | undefined {
  const head = file.bytes.subarray(0, 4096).toString('latin1');
  if (!/<html|<body|<table/iu.test(head)) return undefined;
  // Parsing is for pages that name a case number the way docket reports do.
  if (!/(?:DOCKET FOR CASE|Bankruptcy Petition|Adversary Proceeding)\s*#/iu.test(file.bytes.toString('latin1')))
    return undefined;
  const $ = load(file.bytes.toString('utf8'));
  const heading = caseHeading($);
  if (!heading) return undefined;
  const bankruptcy = heading.lines.some((line) => /bankruptcy|petition #|adversary proceeding/iu.test(line));
  const docket = emptyDocket('cmecf');
  docket.docketNumber = docketNumberOf(heading.number);
  docket.courtId = courtIdOf($, heading.lines, bankruptcy);
  const header = headerLines($, heading.element);
  readHeader([...withNatureRows(header), ...labelledLinesBeforeEntries($)], docket);
  docket.parties = partiesOf($);
  docket.entries = entriesOf($);
  docket.caseName = caseNameOf(docket, titleOf(header), header, bankruptcy);
  return docket;
}

/** The element that names the court and the case number, its lines, and the number as written. */
function caseHeading($: CheerioAPI): { element: Selection; lines: string[]; number: string } | undefined {
  for (const candidate of $('h3, center, b, font, td, div').toArray()) {
    const element = $(candidate);
    if (element.find('table').length > 0) continue;
    const lines = linesOf(element);
    const match = lines.map((line) => CASE_NUMBER.exec(line)).find(Boolean);
    if (match) return { element, lines, number: clean(match[1] as string) };
  }
  return undefined;
}

/** "2:17-cr-00378-SPL-1" → "2:17-cr-00378", "08-19689-PGH" → "08-19689"; other numbers as written ("MDL No. 2168"). */
function docketNumberOf(written: string): string {
  const district = /^\d{1,2}:\d{2}-[a-z]{1,4}-\d{3,6}/iu.exec(written);
  if (district) return district[0];
  const bankruptcy = /^\d{2}-\d{3,6}/u.exec(written);
  return bankruptcy ? bankruptcy[0] : written;
}

/** The court from the page's own links (ecf.cand.uscourts.gov), its title, else the heading's district line. */
function courtIdOf($: CheerioAPI, headingLines: string[], bankruptcy: boolean): string {
  if (headingLines.some((line) => /court of international trade/iu.test(line))) return 'cit';
  const hosts = new Map<string, number>();
  for (const match of $.html().matchAll(/\becf\.([a-z0-9]+)\.uscourts\.gov/giu)) {
    const id = (match[1] as string).toLowerCase();
    hosts.set(id, (hosts.get(id) ?? 0) + 1);
  }
  const [linked] = [...hosts].filter(([id]) => FEDERAL_COURTS.has(id)).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (linked) return linked;
  const titled = /\b([a-z]{2,4}[db])\b/iu
    .exec(
      $('title')
        .text()
        .replace(/^.*[-:]\s*/u, ''),
    )?.[1]
    ?.toLowerCase();
  if (titled && FEDERAL_COURTS.has(titled)) return titled;
  for (const line of headingLines) {
    const id = districtCourtId(line, bankruptcy);
    if (id) return id;
  }
  return '';
}

/** The lines of the header: from the heading to the first party table (the case title, the judge, the dates). */
function headerLines($: CheerioAPI, heading: Selection): string[] {
  const lines: string[] = [];
  let table = heading.closest('table').length > 0 ? heading.closest('table') : heading;
  for (let i = 0; i < 3; i++) {
    table = table.nextAll('table').first();
    if (table.length === 0 || /represented\s+by|Docket Text/iu.test(table.text())) break;
    lines.push(...linesOf(table));
  }
  return lines;
}

/** Every line of the party tables that starts with a header label: criminal dockets name the judge there. */
function labelledLinesBeforeEntries($: CheerioAPI): string[] {
  const tables = leafTables($);
  const entries = tables.findIndex((table) => isEntriesHeading($, table));
  return (entries < 0 ? tables : tables.slice(0, entries)).flatMap((table) =>
    withNatureRows(linesOf(table)).filter((line) => HEADER_LABEL.test(line)),
  );
}

/**
 * An adversary proceeding lists its natures of suit one a row ("21 Validity …", "91 Declaratory …"):
 * joined on the label's line.
 */
function withNatureRows(lines: string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const last = joined.length - 1;
    if (last >= 0 && /^Nature(?:\[s\])? of Suit/iu.test(joined[last] as string) && /^\d{1,3}\s+\S/u.test(line))
      joined[last] += `; ${line}`;
    else joined.push(line);
  }
  return joined;
}

/** The header's labels ("Assigned to:", "Date Filed:", …): what comes before the first of them is the case's title. */
const HEADER_LABEL = new RegExp(
  String.raw`^(?:Assigned to|Referred to|Cause|Date (?:Filed|Terminated|Converted|Discharged|Reopened|Ordered)|` +
    String.raw`Jury Demand|Nature(?:\[s\])? of Suit|Jurisdiction|Demand|Magistrate judge case number|` +
    String.raw`Lead BK (?:Case|Title|Chapter)|Lead Docket|MDL Status|Citation|Panel|Chapter|Previous chapter|` +
    String.raw`Category|Agency|Product Description|Export Country|Related Cases?|Case in other court|Case title)\b`,
  'iu',
);

const HEADER_FIELDS: Array<[RegExp, (docket: RecognisedDocket, value: string) => void]> = [
  [
    /^Assigned to:?\s*(.*)$/iu,
    (d, v) => {
      d.assignedTo ||= judgeName(v);
    },
  ],
  [
    /^Referred to:?\s*(.*)$/iu,
    (d, v) => {
      d.referredTo ||= judgeName(v);
    },
  ],
  [
    /^Date Filed:?\s*(.*)$/iu,
    (d, v) => {
      d.dateFiled ||= usDate(v);
    },
  ],
  [
    /^Date Terminated:?\s*(.*)$/iu,
    (d, v) => {
      d.dateTerminated ||= usDate(v);
    },
  ],
  [
    /^Nature(?:\[s\])? of Suit:?\s*(.*)$/iu,
    (d, v) => {
      d.natureOfSuit ||= v;
    },
  ],
  [
    /^Cause:?\s*(.*)$/iu,
    (d, v) => {
      d.cause ||= v;
    },
  ],
  [
    /^Jurisdiction:?\s*(.*)$/iu,
    (d, v) => {
      d.jurisdiction ||= v;
    },
  ],
  [
    /^Jury Demand:?\s*(.*)$/iu,
    (d, v) => {
      d.juryDemand ||= v;
    },
  ],
];

/** Reads "Label: value" lines; a label alone on its line takes the next line as its value (bankruptcy pages). */
function readHeader(lines: string[], docket: RecognisedDocket): void {
  lines.forEach((line, i) => {
    for (const [pattern, set] of HEADER_FIELDS) {
      const match = pattern.exec(line);
      if (!match) continue;
      const next = lines[i + 1] ?? '';
      const value = (match[1] as string).trim() || (HEADER_LABEL.test(next) ? '' : next);
      set(docket, clean(value));
      return;
    }
  });
}

/** The case title: the header's lines before its first label, or what "Case title:" says. */
function titleOf(header: string[]): string {
  const stated = header.find((line) => /^Case title:/iu.test(line));
  if (stated) return stated.replace(/^Case title:\s*/iu, '');
  const end = header.findIndex((line) => HEADER_LABEL.test(line));
  return clean(header.slice(0, end < 0 ? 1 : end).join(' '));
}

/**
 * "Judge Steven P Logan", "Hon. William Alsup", "JUDGE MARILYN SHEA-STONUM"
 * → "Steven P Logan", "William Alsup", "Marilyn Shea-Stonum".
 */
function judgeName(value: string): string {
  const name = clean(value)
    .replace(/^(?:(?:chief|senior|district|magistrate|bankruptcy|u\.s\.|judge|hon\.?|honorable)\s+)+/iu, '')
    .replace(/\s*\([^)]*\)$/u, '');
  return /[a-z]/u.test(name)
    ? name
    : name
        .toLowerCase()
        .replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** The parties: each role heading ("Plaintiff", "Debtor") and the names after it, with their attorneys. */
function partiesOf($: CheerioAPI): CourtParty[] {
  const parties: CourtParty[] = [];
  let role = '';
  for (const row of $('tr').toArray()) {
    const cells = $(row).children('td');
    const first = cells.first();
    if (first.length === 0 || first.find('table').length > 0) continue;
    const label = roleLabel($, first);
    if (label !== undefined) role = NOT_A_ROLE.test(label) ? '' : label;
    if (!role) continue;
    // The party's name: its cell's first bold text that is not the role heading
    // (bankruptcy pages put both in one cell).
    const name = first
      .find('b')
      .toArray()
      .filter((b) => $(b).find('u, i').length === 0 && $(b).closest('i, u').length === 0)
      .map((b) => clean($(b).text()))
      .find((text) => text !== '' && !/-{3,}/u.test(text) && text !== label);
    if (!name) continue;
    const representedBy = cells.length >= 3 && /represented\s+by/iu.test(clean($(cells[1]).text()));
    parties.push({
      name,
      role,
      dateTerminated: usDate(/TERMINATED:\s*(\S+)/u.exec(first.text())?.[1] ?? ''),
      attorneys: representedBy ? attorneysOf($, $(cells[2])) : [],
    });
  }
  return parties;
}

/**
 * A role heading in the cell: underlined (district pages) or bold italic (bankruptcy pages); its text without "(1)".
 */
function roleLabel($: CheerioAPI, cell: Selection): string | undefined {
  const marked = cell.find('u, i > b, b > i').first();
  // Adversary proceedings underline with a line of dashes instead: "Plaintiff" / "-----".
  const dashed = cell
    .find('b')
    .toArray()
    .map((b) => linesOf($(b)))
    .find((lines) => lines.length === 2 && /^-{3,}$/u.test(lines[1] as string));
  const text = marked.length > 0 ? clean(marked.text()) : dashed?.[0];
  if (text === undefined) return undefined;
  const label = text.replace(/\s*\(\d+\)$/u, '');
  return /^[A-Za-z][A-Za-z .,'&/-]{1,60}$/u.test(label) && !/TERMINATED/u.test(label) ? label : undefined;
}

/** Marks for the attorney cell's bold names and italic lines (private-use characters: never in a page's text). */
const NAME_MARK = '\ue000';
const ITALIC_MARK = '\ue001';

/** Each bold name in the cell starts an attorney; the lines after it are their contact, italic capitals their roles. */
function attorneysOf($: CheerioAPI, cell: Selection): CourtAttorney[] {
  const attorneys: CourtAttorney[] = [];
  const copy = cell.clone();
  copy.find('b').each((_, b) => {
    $(b).replaceWith(`${LINE_BREAK}${NAME_MARK}${$(b).text()}${LINE_BREAK}`);
  });
  copy.find('i').each((_, i) => {
    $(i).replaceWith(`${ITALIC_MARK}${$(i).text()}`);
  });
  for (const line of linesOf(copy)) {
    if (line.startsWith(NAME_MARK)) {
      attorneys.push({ name: clean(line.slice(1)), contact: '', roles: [] });
      continue;
    }
    const attorney = attorneys.at(-1);
    if (!attorney) continue;
    const italic = line.startsWith(ITALIC_MARK);
    const text = clean(line.replaceAll(ITALIC_MARK, ''));
    if (italic && ATTORNEY_ROLE.test(text)) attorney.roles.push(text);
    else if (!italic) attorney.contact += `${text}\n`;
  }
  return attorneys;
}

/** Tables holding no table: the page's own tables, whatever the layout nests them in. */
function leafTables($: CheerioAPI): Selection[] {
  return $('table')
    .toArray()
    .map((t) => $(t))
    .filter((t) => t.find('table').length === 0);
}

/** A table's own rows (not those of a table inside it). */
function ownRows($: CheerioAPI, table: Selection): Selection[] {
  return table
    .find('tr')
    .toArray()
    .filter((row) => $(row).closest('table').is(table))
    .map((row) => $(row));
}

function isEntriesHeading($: CheerioAPI, table: Selection): boolean {
  const first = ownRows($, table)[0];
  return (
    first !== undefined && /^(?:Date Filed|Filing Date|Date Entered)\b.*#.*Docket Text/iu.test(clean(first.text()))
  );
}

/**
 * The entries: the rows under the "Date Filed | # | Docket Text" heading, and those of the tables
 * that continue it (bankruptcy courts start a new table every hundred entries). The first cell is
 * the date, the last the text, the number in between (after a checkbox column on some courts).
 */
function entriesOf($: CheerioAPI): DocketEntry[] {
  const tables = $('table')
    .toArray()
    .map((t) => $(t));
  const start = tables.findIndex((table) => isEntriesHeading($, table));
  if (start < 0) return [];
  const entries: DocketEntry[] = [];
  const read: Selection[] = [];
  for (const table of tables.slice(start)) {
    // A table inside an entry (its attachments) is part of that entry's text.
    if (read.some((outer) => outer.find(table).length > 0)) continue;
    const rows = ownRows($, table)
      .map((row) => row.children('td'))
      .filter((cells) => cells.length >= 3 && usDate(clean(cells.first().text())) !== '');
    if (rows.length === 0 && entries.length > 0) break;
    read.push(table);
    for (const cells of rows) {
      const description = clean(cells.last().text());
      const between = clean(cells.slice(1, -1).text());
      entries.push({
        number: /^\d+/u.exec(between)?.[0] ?? '',
        dateFiled: usDate(clean(cells.first().text())),
        dateEntered: usDate(ENTRY_TEXT.exec(description)?.[1] ?? ''),
        description,
      });
    }
  }
  return entries;
}

/**
 * The case's name: the header's title ("Balbo v. Tilton et al" → "Balbo v. Tilton"); a bankruptcy
 * case is its debtor's, an adversary proceeding its lead case's (see harmonizedCaseName).
 */
function caseNameOf(docket: RecognisedDocket, title: string, header: string[], bankruptcy: boolean): string {
  const lead = header.map((line) => /^Lead BK Title:?\s*(.+)$/iu.exec(line)?.[1]).find(Boolean);
  if (lead) return `${clean(lead)} - Adversary Proceeding`;
  const debtor = docket.parties.find((p) => /^debtor/iu.test(p.role));
  const name = bankruptcy && debtor && !/\sv\.?\s/iu.test(title) ? debtor.name : title;
  return harmonizedCaseName(name);
}
