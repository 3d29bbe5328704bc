import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { harmonizedCaseName } from './case-names';
import {
  emptyDocket,
  type CourtAttorney,
  type CourtParty,
  type CourtRecogniser,
  type DocketEntry,
  type RecognisedDocket,
} from './court-record';
import { clean } from './html-text';
import { usDate } from './us-dates';

const FORMAT = 'cmecf-appellate';

/**
 * Reads a docket report of appellate CM/ECF (the courts of appeals, the bankruptcy appellate panels,
 * the Court of Appeals for Veterans Claims) as a browser saves it. The page opens with "General
 * Docket" over the court's name, then a case stub ("Court of Appeals Docket #:", "Docketed:"), the
 * parties beside their attorneys in two half-width columns, and the entries as rows of date, number
 * and text.
 */
export const cmecfAppellateDocketRecogniser: CourtRecogniser = {
  format: FORMAT,
  recognise({ bytes }) {
    const $ = load(decodeHtml(bytes));
    const court = courtHeading($);
    const docketLabel = $('b')
      .filter((_, b) => /(docket #|case number):?$/iu.test(clean($(b).text())))
      .first();
    if (court === undefined || docketLabel.length === 0) return undefined;
    return readDocket($, court, docketLabel);
  },
};

function readDocket($: CheerioAPI, court: string, docketLabel: Cheerio<Element>): RecognisedDocket {
  // The case name is the stub's line under the docket number.
  const caseName = harmonizedCaseName(docketLabel.closest('tr').next('tr').children('td').first().text());
  // The header's tables also hold rows of dates (originating court), which are not entries.
  const header = docketLabel.parents('table').last();
  return {
    ...emptyDocket(FORMAT),
    courtId: appellateCourtId(court),
    docketNumber: textAfterLabel($, docketLabel),
    caseName,
    natureOfSuit: labelledValue($, 'Nature of Suit'),
    dateFiled: usDate(labelledValue($, 'Docketed')),
    dateTerminated: usDate(labelledValue($, 'Termed')),
    parties: readParties($),
    entries: readEntries($, new Set(header.find('tr').toArray())),
  };
}

/** The court's name under "General Docket"; undefined when the page has no such heading. */
function courtHeading($: CheerioAPI): string | undefined {
  const heading = $('td')
    .filter((_, td) => clean($(td).text()).startsWith('General Docket'))
    .last();
  return heading.length > 0 ? clean(heading.text()).slice('General Docket'.length).trim() : undefined;
}

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
];

/** "United States Court of Appeals for the Sixth Circuit" → "ca6"; the panels are "bap9", …; '' when unknown. */
function appellateCourtId(court: string): string {
  if (/veterans claims/iu.test(court)) return 'cavc';
  if (/federal circuit/iu.test(court)) return 'cafc';
  if (/district of columbia circuit/iu.test(court)) return 'cadc';
  const circuit = /\b(\w+) circuit\b/iu.exec(court)?.[1]?.toLowerCase() ?? '';
  const number = ORDINALS.indexOf(circuit) + 1 || Number.parseInt(circuit, 10) || 0;
  if (number < 1 || number > ORDINALS.length) return '';
  if (/appellate panel/iu.test(court)) return `bap${number}`;
  return /court of appeals/iu.test(court) ? `ca${number}` : '';
}

/** The text after a bold label ("Docketed:") up to the next label or line break. */
function labelledValue($: CheerioAPI, label: string): string {
  const wanted = label.toLowerCase();
  const bold = $('b')
    .filter((_, b) => clean($(b).text()).replace(/:$/u, '').toLowerCase() === wanted)
    .first();
  return bold.length > 0 ? textAfterLabel($, bold) : '';
}

function textAfterLabel($: CheerioAPI, label: Cheerio<Element>): string {
  let text = '';
  for (
    let node = label[0]?.nextSibling ?? null;
    node && !isTag(node, 'b') && !isTag(node, 'br');
    node = node.nextSibling
  ) {
    text += $(node).text();
  }
  return clean(text);
}

/** Each party is a row of two half-width cells: name over role, and its attorneys. */
function readParties($: CheerioAPI): CourtParty[] {
  const seen = new Map<string, CourtAttorney>();
  return $('tr')
    .toArray()
    .flatMap((row) => {
      const cells = $(row).children('td');
      if (cells.length !== 2 || !cells.toArray().every((cell) => $(cell).attr('width') === '50%')) return [];
      const party = readParty(lines($, cells.eq(0)));
      if (!party) return [];
      party.attorneys = readAttorneys(lines($, cells.eq(1)), seen);
      return [party];
    });
}

function readParty(cellLines: string[]): CourtParty | undefined {
  const terminated = cellLines.find((line) => /^terminated\b/iu.test(line));
  const named = cellLines.filter((line) => line !== '' && line !== terminated);
  if (named.length === 0) return undefined;
  // The role is printed on its own (indented) line beneath the name.
  const role = named.length > 1 ? (named.pop() as string) : '';
  return { name: named.join(' '), role, attorneys: [], dateTerminated: usDate(terminated ?? '') };
}

/**
 * Attorneys are blocks separated by a blank line: the name, then contact lines, with the roles in
 * brackets ("[COR LD NTC Retained]"). One listed again for a second party has "(see above)" for
 * the rest of the address, which is read from the first listing.
 */
function readAttorneys(cellLines: string[], seen: Map<string, CourtAttorney>): CourtAttorney[] {
  const blocks: string[][] = [[]];
  for (const line of cellLines) {
    if (line !== '') (blocks[blocks.length - 1] as string[]).push(line);
    else if ((blocks[blocks.length - 1] as string[]).length > 0) blocks.push([]);
  }
  return blocks
    .filter((block) => block.length > 0)
    .map(([name = '', ...rest]) => {
      const roles = rest.filter((line) => /^\[.*\]$/u.test(line)).map((line) => line.slice(1, -1).trim());
      const contactLines = rest.filter((line) => !/^\[.*\]$/u.test(line));
      const earlier = seen.get(name);
      const contact = contactLines.includes('(see above)') && earlier ? earlier.contact : contactLines.join('\n');
      const attorney = { name, contact, roles };
      if (!seen.has(name)) seen.set(name, attorney);
      return attorney;
    });
}

/** An entry is a row of three cells: the day filed, the number (often a link), the docket text. */
function readEntries($: CheerioAPI, headerRows: Set<AnyNode>): DocketEntry[] {
  return $('tr')
    .toArray()
    .flatMap((row) => {
      const cells = $(row).children('td');
      const dateText = clean(cells.eq(0).text());
      if (headerRows.has(row) || cells.length !== 3 || !/^\d{1,2}\/\d{1,2}\/\d{4}$/u.test(dateText)) return [];
      // The number is the cell's first line; below it some courts print the document's size.
      const number = lines($, cells.eq(1))[0] ?? '';
      const description = clean(lines($, cells.eq(2)).join(' '));
      const entered = /\[Entered:\s*(\d{1,2}\/\d{1,2}\/\d{4})/u.exec(description)?.[1] ?? '';
      return [{ number, dateFiled: usDate(dateText), dateEntered: usDate(entered), description }];
    });
}

/**
 * A cell's text split at its <br>s (not at the source's newlines), each line cleaned. Unlike linesOf,
 * blank lines are kept: they separate attorneys, and an entry's number is its cell's first line.
 */
function lines($: CheerioAPI, cell: Cheerio<AnyNode>): string[] {
  const found = [''];
  const walk = (node: AnyNode): void => {
    if (isTag(node, 'br')) found.push('');
    else if ('children' in node) node.children.forEach(walk);
    else found[found.length - 1] += $(node).text();
  };
  cell.contents().toArray().forEach(walk);
  return found.map(clean);
}

function isTag(node: AnyNode, name: string): boolean {
  return node.nodeType === 1 && node.name === name;
}

/** Saved pages are UTF-8 or, as PACER serves them, Windows-1252 ("iso-8859-1"). */
function decodeHtml(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
