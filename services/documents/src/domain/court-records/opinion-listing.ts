import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { CourtFile, CourtRecogniser, ListedOpinion, RecognisedOpinions } from './court-record';
import { clean, LINE_BREAK, type Selection } from './html-text';
import {
  absolute,
  caseNameOf,
  dateCount,
  docketOf,
  documentScore,
  firstDate,
  isDateOnly,
  looksLikeCaseName,
  opinionOf,
  opinionOfRecord,
  type NameCandidate,
} from './opinion-fields';

/**
 * Pages of courts and agencies that list opinions (a table, a list, repeated blocks, an RSS feed, a
 * JSON array) read without knowing the court: the page's repeated structure whose items each carry a
 * document link and/or a date is found, and each item's case name, date, docket number and link read.
 */
export const opinionListingRecogniser: CourtRecogniser = { format: 'opinion-listing', recognise };

const DOCKET_REPORT = new RegExp(
  String.raw`(?:DOCKET FOR CASE|Bankruptcy Petition|Adversary Proceeding)\s*#|` +
    String.raw`\bGeneral Docket\b|\bDocket Report\b|\bDocketed:|"docketEntries"`,
  'iu',
);

function recognise(file: CourtFile): RecognisedOpinions | undefined {
  const text = file.bytes.toString('utf8').replace(/^\uFEFF/u, '');
  // A docket report (PACER district or appellate, an ACMS export) lists docket entries, not opinions.
  if (DOCKET_REPORT.test(text)) return undefined;
  const opinions = opinionsOf(text);
  if (opinions.length === 0) return undefined;
  return { kind: 'opinions', format: 'opinion-listing', courtId: '', opinions };
}

function opinionsOf(text: string): ListedOpinion[] {
  const start = text.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return jsonOpinions(parseJson(start), '');
  const isXml = /^<\?xml|^<(?:rss|feed|urlset)\b/iu.test(start) && !/<html\b/iu.test(start.slice(0, 2000));
  if (isXml) return xmlOpinions(load(start, { xml: true }));
  const $ = load(text);
  const base = baseOf($);
  const embedded = scriptOpinions($, base);
  const listed = htmlOpinions($, base);
  return embedded.length > listed.length ? embedded : listed;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The page's own address, when it states one, so relative links can be made absolute. */
function baseOf($: CheerioAPI): string {
  const stated = [
    $('base[href]').attr('href'),
    $('link[rel="canonical"]').attr('href'),
    $('meta[property="og:url"]').attr('content'),
  ];
  return stated.find((href) => href !== undefined && /^https?:\/\//iu.test(href)) ?? '';
}

/** The array of records (at any depth) from which the most opinions read. */
function jsonOpinions(value: unknown, base: string): ListedOpinion[] {
  let best: ListedOpinion[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      const records = node.filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item),
      );
      const opinions = records
        .map((record) => opinionOfRecord(flatValues(record), base))
        .filter((opinion): opinion is ListedOpinion => opinion !== undefined);
      if (opinions.length > best.length) best = opinions;
      node.forEach(visit);
    } else if (typeof node === 'object' && node !== null) {
      Object.values(node).forEach(visit);
    }
  };
  visit(value);
  return best;
}

/** A record's text values by key, nested objects' keys joined ("case.name"); markup inside a value read as text. */
function flatValues(record: Record<string, unknown>, prefix = ''): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string' || typeof value === 'number')
      values[`${prefix}${key}`] = /[<&]/u.test(String(value)) ? load(String(value)).text() : String(value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      Object.assign(values, flatValues(value as Record<string, unknown>, `${prefix}${key}.`));
  }
  return values;
}

/** Feeds and sitemaps: the element name whose elements, read as records of their children, give the most opinions. */
function xmlOpinions($: CheerioAPI): ListedOpinion[] {
  const byName = new Map<string, Element[]>();
  for (const element of $('*').toArray().filter(isElement)) {
    if ($(element).children().length > 0)
      byName.set(element.tagName, [...(byName.get(element.tagName) ?? []), element]);
  }
  let best: ListedOpinion[] = [];
  for (const elements of byName.values()) {
    const opinions = elements
      .map((element) => opinionOfRecord(childValues($, element), ''))
      .filter((opinion): opinion is ListedOpinion => opinion !== undefined);
    if (opinions.length > best.length) best = opinions;
  }
  return best;
}

function childValues($: CheerioAPI, element: Element): Record<string, string> {
  const values: Record<string, string> = {};
  $(element)
    .children()
    .each((_, child) => {
      const node = $(child);
      const text = clean(node.text());
      // Markup carried as text (an RSS description) is read for its text and its first link.
      const inner = /</u.test(text) ? load(text) : undefined;
      values[child.tagName] = inner ? inner.text() : text || (node.attr('href') ?? '');
      const link = inner?.('a[href]').first().attr('href');
      if (link) values[`${child.tagName}.link`] = link;
    });
  return values;
}

/** Listings a page's script builds from a JSON array written into it. */
function scriptOpinions($: CheerioAPI, base: string): ListedOpinion[] {
  let best: ListedOpinion[] = [];
  $('script').each((_, script) => {
    const code = $(script).text();
    const start = code.search(/\[\s*\{/u);
    if (start < 0) return;
    // The array ends at one of the last closing brackets; try them from the end.
    let end = code.lastIndexOf(']');
    for (let attempt = 0; attempt < 5 && end > start; attempt += 1) {
      const value = parseJson(code.slice(start, end + 1));
      if (value !== undefined) {
        const opinions = jsonOpinions(value, base);
        if (opinions.length > best.length) best = opinions;
        break;
      }
      end = code.lastIndexOf(']', end - 1);
    }
  });
  return best;
}

const ITEM_TAGS = 'tr, li, article, section, div, p, dd, dt, h2, h3, h4, h5, blockquote, tbody, table';

/** Of the page's groups of like elements (same tag path), the one whose items read as the most complete opinions. */
function htmlOpinions($: CheerioAPI, base: string): ListedOpinion[] {
  $('script, style, noscript, nav, header, footer, select, head').remove();
  const root: Selection = $('body').length > 0 ? $('body') : $('html');
  const datesBefore = headingDates($, root);
  const groups = new Map<string, Element[]>();
  root.find(ITEM_TAGS).each((_, element) => {
    const key = signatureOf(element);
    groups.set(key, [...(groups.get(key) ?? []), element]);
  });
  const candidates = [...groups.values()].map((members) =>
    members.map((member) => itemOf($, member, new Set(members))),
  );
  candidates.push(...flatItems($, root));
  let best: ListedOpinion[] = [];
  let bestScore = 0;
  for (const items of candidates) {
    const opinions = items
      .map((item) => readItem($, item, base, datesBefore))
      .filter((opinion): opinion is ListedOpinion => opinion !== undefined);
    // Squared, so that whole opinions beat twice as many halves of them.
    const score = opinions.reduce((sum, opinion) => sum + completeness(opinion) ** 2, 0);
    if (score > bestScore) {
      best = opinions;
      bestScore = score;
    }
  }
  return best;
}

/** An element's tag path from the page's top ("body>div>table>tbody>tr"): rows of like tables share it. */
function signatureOf(element: Element): string {
  const names: string[] = [];
  for (let node: AnyNode | null = element; node && node.type === 'tag'; node = node.parent)
    names.push((node as Element).tagName);
  // Divisions are told apart by their class (a row's left and right columns);
  // rows and items are alike whatever their class (odd, even).
  const kind = element.tagName === 'div' ? `.${(element.attribs.class ?? '').trim()}` : '';
  return `${names.reverse().join('>')}${kind}`;
}

/**
 * An item: the element, with the siblings after it up to the next like element when it lacks a date or a document
 * (a heading and its paragraphs).
 */
function itemOf($: CheerioAPI, member: Element, members: Set<Element>): Selection {
  const element = $(member);
  const hasLink = element
    .find('a[href]')
    .toArray()
    .some((link) => documentScore($(link).attr('href') ?? '', $(link).text()) >= 3);
  if (hasLink && firstDate(element.text()) !== '') return element;
  let item = element;
  for (
    let next = member.nextSibling;
    next && !(next.type === 'tag' && members.has(next as Element));
    next = next.nextSibling
  ) {
    if (next.type === 'tag') item = item.add(next as Element);
  }
  return item;
}

/** Items of a flat listing: a block's inline content cut at blank lines or rules (links and lines between <br>s). */
function flatItems($: CheerioAPI, root: Selection): Selection[][] {
  const groups: Selection[][] = [];
  root
    .find('*')
    .add(root)
    .each((_, element) => {
      if ($(element).children('br').length < 4 || $(element).children('a[href]').length < 2) return;
      const chunks: AnyNode[][] = [[]];
      let lastBreak = false;
      for (const node of $(element).contents().toArray()) {
        const isBreak = node.type === 'tag' && (node as Element).tagName === 'br';
        const isRule = node.type === 'tag' && ['hr', 'p'].includes((node as Element).tagName);
        if (isRule || (isBreak && lastBreak)) chunks.push([]);
        else (chunks[chunks.length - 1] as AnyNode[]).push(node);
        if (isBreak) lastBreak = true;
        else if (node.type !== 'text' || clean($(node).text()) !== '') lastBreak = false;
      }
      groups.push(
        chunks
          .filter((chunk) => chunk.length > 0)
          .map((chunk) => $('<div></div>').append(chunk.map((node) => $(node).clone().toArray()).flat())),
      );
    });
  return groups;
}

/** Dates the page states on their own (a heading "February 24, 2012" over the opinions of that day), in page order. */
function headingDates($: CheerioAPI, root: Selection): Map<Element, string> {
  const dates = new Map<Element, string>();
  let current = '';
  root.find('*').each((_, element) => {
    const own = $(element);
    if (own.children().length <= 2 && isDateOnly(clean(own.text()))) current = firstDate(clean(own.text()));
    dates.set(element, current);
  });
  return dates;
}

/** Reads one item; undefined when it is not an opinion or holds several (a whole table's worth). */
function readItem(
  $: CheerioAPI,
  item: Selection,
  base: string,
  datesBefore: Map<Element, string>,
): ListedOpinion | undefined {
  const text = item
    .toArray()
    .map((node) => $(node).text())
    .join(' ');
  if (dateCount(text) > 3) return undefined;
  const links = item
    .find('a[href]')
    .add(item.filter('a[href]'))
    .toArray()
    .map((link) => ({ href: $(link).attr('href') ?? '', text: clean($(link).text()) }));
  const documents = new Set(links.filter((link) => documentScore(link.href, link.text) >= 3).map((link) => link.href));
  if (documents.size > 4) return undefined;
  const link = links.reduce<{ href: string; text: string; score: number } | undefined>((best, next) => {
    const score = documentScore(next.href, next.text);
    return score > (best?.score ?? 0) ? { ...next, score } : best;
  }, undefined);
  const lines = item.toArray().flatMap((node) => cellLinesOf($(node)));
  const cells = item
    .find('td, th, dd, h1, h2, h3, h4, h5, strong, b, em, span, a')
    .toArray()
    .map((cell) => ({ text: clean($(cell).text()), isTitle: isTitleCell($(cell)), isLink: cell.tagName === 'a' }));
  const candidates: NameCandidate[] = [
    ...cells,
    ...lines.map((line) => ({ text: line, isLink: false, isTitle: false })),
  ];
  const first = item.toArray().find(isElement);
  const date = firstDate(lines.join(' \u2029 ')) || (first ? (datesBefore.get(first) ?? '') : '');
  const caseName = caseNameOf(candidates);
  const opinion = opinionOf({
    caseName,
    date,
    docketNumber: docketOf(
      lines,
      cells.map((cell) => cell.text),
    ),
    url: link ? absolute(link.href, base) : '',
  });
  // A link with a date is not yet an opinion: it must also name a case or a docket, or point at a document.
  if (!opinion || (!looksLikeCaseName(opinion.caseName) && opinion.docketNumber === '' && (link?.score ?? 0) < 3))
    return undefined;
  return opinion;
}

/** An element's text one line per <br>, block or cell (html-text's linesOf runs a row's cells together). */
function cellLinesOf(element: Selection): string[] {
  const copy = element.clone();
  copy.find('br').replaceWith(LINE_BREAK);
  copy.find('p, div, tr, td, th, li, dd, dt, table, h1, h2, h3, h4, h5, h6').after(LINE_BREAK);
  return copy
    .text()
    .split(LINE_BREAK)
    .map(clean)
    .filter((line) => line !== '');
}

function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

function isTitleCell(cell: Selection): boolean {
  return /title|caption|case-?name|style|name/iu.test(`${cell.attr('class') ?? ''} ${cell.attr('id') ?? ''}`);
}

/** How much of an opinion an item gave (the group whose items give the most is the listing). */
function completeness(opinion: ListedOpinion): number {
  return (
    1 +
    (looksLikeCaseName(opinion.caseName) ? 1.5 : opinion.caseName ? 0.5 : 0) +
    (opinion.date ? 1 : 0) +
    (opinion.docketNumber ? 1 : 0) +
    (opinion.url ? 1 : 0)
  );
}
