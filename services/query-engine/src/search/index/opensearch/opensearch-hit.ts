import type { QueryNode } from '@docket/query-language';
import { partyNamesOf, type SearchHit } from '../../../domain/indexed-document';
import { escapeHtml } from '../snippet-html';
import { highlightTitle } from '../title-highlight';
import type { Dsl } from './opensearch-query';

/** About the SQLite backend's 24-token snippets. */
const SNIPPET_CHARACTERS = 180;
/** Without matched text to show, the hit shows the start of its description or text (as the SQLite backend does). */
const LEAD_CHARACTERS = 240;

/**
 * Highlight markers: two private-use characters, which the indexed wording never holds (see
 * stripHighlightMarkers). Not SQLite's \u0001/\u0002: OpenSearch trims fragments with Java's
 * String.trim(), which eats control characters at a fragment's ends, opening marker included.
 */
export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';
const MARKERS = /[\uE000\uE001]/gu;

export function stripHighlightMarkers(text: string): string {
  return text.replace(MARKERS, ' ');
}

function markedToHtml(fragment: string): string {
  return escapeHtml(fragment).replaceAll(MARK_OPEN, '<mark>').replaceAll(MARK_CLOSE, '</mark>');
}

/** The fields searches read back (everything else stays on the node). */
export const HIT_SOURCE_FIELDS = [
  'doc_id',
  'title_original',
  'title',
  'description',
  'source_id',
  'source_name',
  'docket_number',
  'filing_type',
  'filing_category',
  'parties',
  'filers',
  'filed_at',
];

/**
 * Passages of text and description around the query's words, marked with characters the indexed
 * wording never holds, so the HTML is built after escaping the document's own text.
 * The text also gives its first characters when nothing in it matched (the lead).
 */
export function highlightRequest(highlightQuery: Dsl | undefined): Dsl {
  return {
    pre_tags: [MARK_OPEN],
    post_tags: [MARK_CLOSE],
    highlight_query: highlightQuery ?? { match_none: {} },
    fields: {
      text: {
        type: 'unified',
        fragment_size: SNIPPET_CHARACTERS,
        number_of_fragments: 1,
        no_match_size: LEAD_CHARACTERS + 40,
      },
      description: { type: 'unified', fragment_size: SNIPPET_CHARACTERS, number_of_fragments: 1 },
    },
  };
}

export interface RawHit {
  _id: string;
  _score?: number | null;
  _source?: HitSource;
  highlight?: Record<string, string[]>;
  sort?: (string | number)[];
}

interface HitSource {
  doc_id: string;
  title: string;
  title_original?: string;
  description?: string;
  source_id: string;
  source_name: string;
  docket_number: string;
  filing_type: string;
  filing_category: string;
  parties: string[];
  filers: string[];
  filed_at: number | null;
}

export function toSearchHit(raw: RawHit, query: QueryNode, ranked: boolean): SearchHit {
  const source = raw._source as HitSource;
  const title = source.title_original ?? source.title;
  return {
    documentId: source.doc_id,
    title,
    titleHtml: highlightTitle(title, query),
    snippet: snippetOf(raw.highlight ?? {}, source.description ?? ''),
    score: ranked ? (raw._score ?? 0) : 0,
    filedAt: source.filed_at === null || source.filed_at === undefined ? undefined : new Date(source.filed_at),
    sourceId: source.source_id,
    sourceName: source.source_name,
    docketNumber: source.docket_number,
    filingType: source.filing_type,
    filingCategory: source.filing_category,
    parties: partyNamesOf({ parties: source.parties, filers: source.filers }),
  };
}

/** The text's passage for the match; the description's when the text has none; else the lead. */
function snippetOf(highlight: Record<string, string[]>, description: string): string {
  const text = highlight.text?.[0] ?? '';
  if (text.includes(MARK_OPEN)) return markedToHtml(text.trim());
  const inDescription = highlight.description?.[0] ?? '';
  if (inDescription.includes(MARK_OPEN)) return markedToHtml(inDescription.trim());
  return lead(description.trim() || text);
}

function lead(source: string): string {
  const flat = source.replace(/\s+/gu, ' ').trim();
  if (flat.length <= LEAD_CHARACTERS) return escapeHtml(flat);
  const cut = flat.lastIndexOf(' ', LEAD_CHARACTERS);
  return `${escapeHtml(flat.slice(0, cut > LEAD_CHARACTERS / 2 ? cut : LEAD_CHARACTERS))}…`;
}
