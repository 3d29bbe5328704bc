import { load, type CheerioAPI } from 'cheerio';
import type { CourtFile, CourtRecogniser, RecognisedOpinions } from './court-record';
import { clean, LINE_BREAK, type Selection } from './html-text';
import { absolute, docketOf, documentScore, firstDate, looksLikeCaseName, tidyCaseName } from './opinion-fields';

/**
 * A court's page of one opinion (the opinion itself, or its page with a link to the PDF): its caption
 * in the page's title or first lines, its docket number and day from the lines around it, and the
 * link to the opinion's document. A page naming several cases on lines of their own is a listing,
 * not one opinion, and is left to the listing recogniser.
 */
export const opinionPageRecogniser: CourtRecogniser = { format: 'opinion-page', recognise };

/** How far down the page its caption, docket and date are looked for. */
const TOP_LINES = 40;
/** A line longer than this is prose (a citation in a paragraph), not a caption. */
const CAPTION_CHARS = 200;
const OPINION_WORD = /\b(?:opinion|memorandum|decision|judgment|per curiam)\b/iu;
const DATE_LABEL = /^(?:date\s*)?(?:opinion\s+)?(?:filed|decided|dated|released|issued|entered|submitted|date)\b/iu;

function recognise(file: CourtFile): RecognisedOpinions | undefined {
  const text = file.bytes.toString('utf8');
  // Markup only: feeds and data files are listings, read by the listing recogniser.
  if (!/<(?:html|body|p|div|h1)\b/iu.test(text.slice(0, 8192))) return undefined;
  const $ = load(text);
  const base = baseOf($);
  const title = clean($('title').first().text());
  $('script, style, noscript, nav, header, footer, select, head').remove();
  const lines = cellLines($('body').length > 0 ? $('body') : $.root());
  const isCaption = (line: string) => line.length <= CAPTION_CHARS && looksLikeCaseName(line);
  const captions = new Set(lines.filter(isCaption).map((line) => tidyCaseName(line).toLowerCase()));
  const top = lines.slice(0, TOP_LINES);
  const caption = [title, ...top].find(isCaption);
  if (!caption || captions.size > 2 || !OPINION_WORD.test(top.join(' '))) return undefined;
  const labelled = top.find((line) => DATE_LABEL.test(line) && firstDate(line) !== '');
  const link = $('a[href]')
    .toArray()
    .map((a) => $(a).attr('href') ?? '')
    .find((href) => documentScore(href, '') >= 4);
  return {
    kind: 'opinions',
    format: 'opinion-page',
    courtId: '',
    opinions: [
      {
        caseName: tidyCaseName(caption),
        date: firstDate(labelled ?? top.join(' \u2029 ')),
        docketNumber: docketOf(top),
        url: link ? absolute(link, base) : '',
      },
    ],
  };
}

/** The page's text one line per <br>, block or cell: a caption in a table's row is a line of its own. */
function cellLines(element: Selection): string[] {
  const copy = element.clone();
  copy.find('br').replaceWith(LINE_BREAK);
  copy.find('p, div, tr, td, th, li, dd, dt, table, h1, h2, h3, h4, h5, h6').after(LINE_BREAK);
  return copy
    .text()
    .split(LINE_BREAK)
    .map(clean)
    .filter((line) => line !== '');
}

/** The page's own address, when it states one, so a relative link can be made absolute. */
function baseOf($: CheerioAPI): string {
  const stated = [
    $('base[href]').attr('href'),
    $('link[rel="canonical"]').attr('href'),
    $('meta[property="og:url"]').attr('content'),
  ];
  return stated.find((href) => href !== undefined && /^https?:\/\//iu.test(href)) ?? '';
}
