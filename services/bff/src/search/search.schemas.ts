import { z } from 'zod';

const nullableDateTime = z.iso.datetime({ offset: true }).nullable();

/** The query-engine's limit on a search's query (MAX_QUERY_LENGTH), said the way users read it. */
const MAX_SEARCH_LENGTH = 1000;
const SEARCH_TOO_LONG = 'Searches are limited to 1,000 characters';
const isoDay = z.iso.date('must be a date as YYYY-MM-DD');

/** A query-string parameter that may be repeated (`?agency=a&agency=b`): always a list. */
const repeated = (what: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.string().max(200, 'must be at most 200 characters')).max(50, `at most 50 ${what}`));

export const searchSorts = ['relevance', 'newest', 'oldest'] as const;

/** Query parameters GET /api/search no longer takes (a request with one is a 400 saying what to use). */
export const RETIRED_SEARCH_PARAMETERS = {
  offset: "page with cursor (the previous page's nextCursor); offset paging was removed",
};

/** GET /api/search's query string (the engine's own SearchQuery is the parsed request it runs). */
export const SearchUrlQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG)
      .default('')
      .meta({
        description:
          'The query language: terms, "phrases", AND / OR / NOT, (), agency: docket: type: party: ' +
          'entity:, filed:[from TO to], prefix*',
      }),
    agency: repeated('agencies').meta({ description: 'Source ids or agency names (repeat for several; ORed)' }),
    type: repeated('filing types').meta({
      description: 'Categories (Decision, Order, …) or native filing types (ORed)',
    }),
    docket: repeated('dockets').meta({ description: 'Docket numbers in any spelling (ORed)' }),
    party: repeated('parties').meta({ description: "Party names: the words consecutive in one party's name (ORed)" }),
    from: isoDay.optional().meta({ description: 'Filed on or after this UTC day' }),
    to: isoDay.optional().meta({ description: 'Filed on or before this UTC day' }),
    sort: z
      .enum(searchSorts)
      .default('relevance')
      .meta({ description: 'relevance (BM25), newest or oldest filing day first' }),
    cursor: z
      .string()
      .max(2000)
      .optional()
      .meta({ description: 'nextCursor of the previous page (same q, filters and sort)' }),
    facets: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => value === 'true' || value === '1')
      .meta({ description: 'Count agency, filing type, docket, year and party over every match' }),
    workspace: z.string().trim().min(1).max(200).optional().meta({
      description:
        'Search inside this workspace: its default filters apply (POST /api/search adds the search to its log)',
    }),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine((query, ctx) => {
    const filtered =
      query.agency.length + query.type.length + query.docket.length + query.party.length > 0 ||
      Boolean(query.from || query.to);
    if (!query.q && !filtered && !query.workspace)
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'is required unless filters or a workspace are given' });
    if (query.from && query.to && query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });

/** A list in a JSON body (`"agency": ["ferc"]`), trimmed and bounded like the query string's. */
const list = (what: string) =>
  z
    .array(z.string().max(200, 'must be at most 200 characters'))
    .max(50, `at most 50 ${what}`)
    .default([])
    .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''));

/** POST /api/search: a new search inside a workspace, which becomes a request in its log. */
export const RecordedSearchBody = z
  .object({
    workspace: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ description: 'The workspace whose log the search is added to' }),
    q: z.string().trim().max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG).default(''),
    agency: list('agencies'),
    type: list('filing types'),
    docket: list('dockets'),
    party: list('parties'),
    from: isoDay.optional(),
    to: isoDay.optional(),
    sort: z.enum(searchSorts).default('relevance'),
    facets: z.boolean().default(false),
    limit: z.number().int().min(1).max(100).default(20),
  })
  // A field this body does not take (the removed `offset`, a misspelling) is refused, not ignored.
  .strict()
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    path: ['to'],
    message: 'must not be before from',
  })
  .meta({ id: 'RecordedSearchRequest' });

export const SearchHit = z
  .object({
    documentId: z.string(),
    title: z.string(),
    titleHtml: z
      .string()
      .meta({ description: 'Title with matched terms wrapped in <mark></mark>; otherwise HTML-escaped' }),
    snippet: z
      .string()
      .meta({ description: 'Excerpt with matched terms wrapped in <mark></mark>; otherwise HTML-escaped' }),
    score: z.number(),
    filedAt: nullableDateTime,
    sourceId: z.string(),
    sourceName: z.string(),
    docketNumber: z.string(),
    filingType: z.string(),
    filingCategory: z.string(),
    parties: z.array(z.string()),
  })
  .meta({ id: 'SearchHit' });

export const SearchFacet = z
  .object({
    field: z.enum(['agency', 'filing_type', 'docket', 'year', 'party']),
    buckets: z.array(
      z.object({
        value: z
          .string()
          .meta({ description: 'What to filter by (agency=, type=, docket=, party=; a year as from/to)' }),
        label: z.string(),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'SearchFacet' });

export const SearchCoverageResponse = z
  .object({
    indexed: z.number().int().meta({ description: 'How many documents the search index holds (searchable now)' }),
    pending: z
      .number()
      .int()
      .meta({ description: 'How many new, changed or deleted documents the index has still to take in' }),
    behind: z
      .boolean()
      .meta({ description: 'pending is above 0: the index is still catching up, so results may be incomplete' }),
  })
  .meta({ id: 'SearchCoverage' });

export const SearchResponse = z
  .object({
    hits: z.array(SearchHit),
    total: z
      .number()
      .int()
      .meta({ description: 'How many match; with totalIsLowerBound, how many were counted (more match)' }),
    totalIsLowerBound: z
      .boolean()
      .meta({ description: 'More than total match: counting stops at a limit (10,000 by default) to stay fast' }),
    tookMs: z.number(),
    facets: z
      .array(SearchFacet)
      .meta({ description: 'Empty unless facets=true; at most 20 buckets each, largest first' }),
    facetsCounted: z
      .number()
      .int()
      .meta({ description: 'How many matches the facets counted: total (the newest ones when totalIsLowerBound)' }),
    nextCursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last page' }),
    requestId: z
      .string()
      .nullable()
      .meta({ description: 'The workspace log entry this search became (POST /api/search); null for GET' }),
    normalizedQuery: z.string().meta({ description: 'The query as understood, printed back in canonical form' }),
  })
  .meta({ id: 'SearchPage' });
