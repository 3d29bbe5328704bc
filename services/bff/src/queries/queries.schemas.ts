import { z } from 'zod';
import { analysisModes } from './analysis-modes';

// Requests and responses of the query routes (ask, one query, the administrators' log). The same
// schemas validate input and document /api/openapi.json.

const nullableDateTime = z.iso.datetime({ offset: true }).nullable();
const isoDay = z.iso.date('must be a date as YYYY-MM-DD');
const filterValues = (what: string) =>
  z.array(z.string().trim().min(1, 'must not be empty').max(200)).max(50, `at most 50 ${what}`).default([]);

export const QueryFilters = z
  .object({
    agencies: filterValues('agencies').meta({ description: 'Source ids or agency names (ORed)' }),
    filingTypes: filterValues('filing types').meta({
      description: 'Categories (Decision, Order, …) or native filing types (ORed)',
    }),
    dockets: filterValues('dockets').meta({ description: 'Docket numbers (ORed)' }),
    parties: filterValues('parties').meta({ description: 'Party names (ORed)' }),
    filedFrom: isoDay.nullable().default(null).meta({ description: 'Inclusive UTC date; null = open' }),
    filedTo: isoDay.nullable().default(null).meta({ description: 'Inclusive UTC date; null = open' }),
  })
  .refine((f) => !f.filedFrom || !f.filedTo || f.filedFrom <= f.filedTo, {
    path: ['filedTo'],
    message: 'must not be before filedFrom',
  })
  .meta({
    id: 'QueryFilters',
    description: 'ANDed with each other and with the workspace’s defaults; values inside one list are ORed',
  });

export const AskBody = z
  .object({
    question: z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters'),
    filters: QueryFilters.optional(),
    mode: z
      .enum(analysisModes)
      .optional()
      .meta({ description: 'Default: the service’s (extractive unless a model is configured)' }),
  })
  .meta({ id: 'AskRequest' });

export const AnswerModesResponse = z
  .object({
    modes: z
      .array(z.enum(analysisModes))
      .meta({ description: 'The modes a question may ask for: generative only when a language model is configured' }),
    defaultMode: z.enum(analysisModes).meta({ description: 'What a question that names no mode gets' }),
  })
  .meta({ id: 'AnswerModes' });

export const WorkspaceIdParams = z.object({ id: z.string().trim().min(1).max(200) });
export const QueryIdParams = z.object({ queryId: z.string().trim().min(1).max(200) });

export const Citation = z
  .object({
    documentId: z.string(),
    documentTitle: z.string(),
    start: z.number().int().meta({ description: 'Character offset into the whole text (inclusive)' }),
    end: z.number().int().meta({ description: 'Character offset into the whole text (exclusive)' }),
    page: z.number().int().meta({ description: '1-based page, 0 for a document without pages' }),
    quote: z.string(),
  })
  .meta({ id: 'Citation' });

const Section = z
  .object({
    heading: z.string(),
    sentences: z.array(
      z.object({ text: z.string(), citations: z.array(Citation).meta({ description: 'Never empty' }) }),
    ),
  })
  .meta({ id: 'AnalysisSection' });

const Mode = z.enum(analysisModes).nullable();

const Analysis = z
  .object({
    mode: Mode,
    sections: z.array(Section),
    keyFacts: z.array(
      z
        .object({
          kind: z.string().meta({ description: 'date, deadline, amount, percentage, party or outcome' }),
          text: z.string(),
          normalized: z.string(),
          citation: Citation.nullable(),
          slot: z.string().meta({
            description:
              "What the fact is in the proceeding's record (requested_amount, hearing_date, intervenor, …); " +
              'empty for a fact only read from a sentence',
          }),
          label: z
            .string()
            .meta({ description: 'What the fact is, for a reader ("Requested increase"); may be empty' }),
          subject: z.string().meta({ description: 'For or by whom ("Ameren Illinois"); may be empty' }),
          status: z
            .enum(['', 'current', 'superseded'])
            .meta({ description: 'A date a later filing replaced (superseded) or the one in force (current)' }),
          filingCategory: z.string().meta({ description: 'The cited filing’s category' }),
          filedAt: z.string().meta({ description: 'The cited filing’s filing day, YYYY-MM-DD, or empty' }),
        })
        .meta({ id: 'KeyFact' }),
    ),
    questionKind: z
      .enum(['amount', 'date', 'parties', 'position', 'outcome', 'general'])
      .meta({ description: 'What kind of answer the question asks for' }),
    scope: z
      .object({
        kind: z.enum(['proceeding', 'party', 'comparison', 'open']),
        docketNumber: z.string(),
        sourceId: z.string(),
        sourceName: z.string(),
        title: z.string(),
        party: z.string(),
        statement: z.string().meta({
          description: 'Said at the top of the answer ("About docket 23-0456 (…): …"); empty for an open scope',
        }),
      })
      .meta({ id: 'AnswerScope', description: 'What the answer is about' }),
    refinements: z
      .array(
        z
          .object({
            docketNumber: z.string(),
            sourceId: z.string(),
            title: z.string(),
            documents: z.number().int(),
            firstFiled: z
              .string()
              .meta({ description: 'Its first filing among those retrieved (YYYY-MM-DD; empty when none is dated).' }),
            lastFiled: z.string().meta({ description: 'Its latest filing among those retrieved (YYYY-MM-DD).' }),
            status: z.string().meta({ description: 'decided (a decision is among its retrieved filings) or open.' }),
          })
          .meta({ id: 'ScopeRefinement' }),
      )
      .meta({ description: 'Other proceedings the question may have meant: asking again within one narrows to it' }),
    model: z.string().meta({ description: 'Generative mode: the model’s name' }),
    droppedSentences: z.number().int(),
    notice: z.string().meta({ description: 'Why there is no (full) answer; empty when all went well' }),
  })
  .meta({ id: 'Analysis' });

const QueryDocument = z
  .object({
    documentId: z.string(),
    title: z.string(),
    sourceId: z.string(),
    sourceName: z.string(),
    docketNumber: z.string(),
    filingCategory: z.string(),
    filedAt: nullableDateTime,
    rank: z
      .number()
      .int()
      .meta({
        description:
          '1-based rank after fusion; 0 for a document the analysis cites that the retrieval did not return ' +
          '(a filing of the proceeding’s record)',
      }),
    score: z.number(),
    passages: z.array(Citation).meta({
      description:
        'The passages the analysis cites from it (sentences, then key facts); every cited document is listed',
    }),
  })
  .meta({ id: 'QueryDocument' });

const Bucket = z.object({ key: z.string(), label: z.string(), count: z.number().int() }).meta({ id: 'CountBucket' });

const FigureCounts = z
  .object({
    resultCount: z.number().int(),
    filingsByMonth: z.array(Bucket).meta({ description: 'key = YYYY-MM' }),
    byAgency: z.array(Bucket),
    byFilingType: z.array(Bucket),
    byParty: z.array(Bucket),
    byDocket: z.array(Bucket),
    numbers: z.array(
      z
        .object({
          kind: z.string(),
          text: z.string(),
          value: z.number(),
          unit: z.string(),
          citation: Citation.nullable(),
        })
        .meta({ id: 'ExtractedNumber' }),
    ),
  })
  .meta({ id: 'FigureCounts' });

const Figures = FigureCounts.extend({
  scopeDocketNumber: z.string().meta({
    description:
      'The docket the figures are limited to when the answer is about one proceeding; empty: everything retrieved.',
  }),
  retrieved: FigureCounts.nullable().meta({
    description: 'When limited to one proceeding: the same figures over everything retrieved.',
  }),
}).meta({ id: 'Figures' });

export const StoredQuery = z
  .object({
    queryId: z.string(),
    question: z.string(),
    filters: z.object({
      agencies: z.array(z.string()),
      filingTypes: z.array(z.string()),
      dockets: z.array(z.string()),
      parties: z.array(z.string()),
      filedFrom: z.string().nullable(),
      filedTo: z.string().nullable(),
    }),
    userId: z.string(),
    workspaceId: z.string().nullable(),
    requestId: z.string().nullable(),
    createdAt: nullableDateTime,
    timings: z.object({ retrievalMs: z.number(), analysisMs: z.number(), figuresMs: z.number(), totalMs: z.number() }),
    mode: Mode,
    resultIds: z.array(z.string()),
    analysis: Analysis,
    documents: z.array(QueryDocument),
    figures: Figures,
  })
  .meta({ id: 'Query' });

export const QueryResponse = z
  .object({
    query: StoredQuery,
    author: z
      .object({ id: z.string(), email: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'null when the account is not in your organisation any more' }),
  })
  .meta({ id: 'QueryWithAuthor' });

export const AskEvents = z
  .object({
    started: z.object({
      queryId: z.string(),
      requestId: z.string().nullable(),
      question: z.string().meta({ description: 'The question as it is answered (trimmed)' }),
    }),
    documents: z.object({ documents: z.array(QueryDocument) }),
    section: Section,
    figures: Figures,
    completed: z.object({ query: StoredQuery }),
    error: z.object({ code: z.string(), message: z.string() }),
    'session-ended': z.object({ message: z.string() }),
  })
  .meta({
    id: 'AskEvents',
    description:
      'text/event-stream: one named event per update ' +
      '(event: started | documents | section | figures | completed | error | session-ended), ' +
      'data = JSON of the matching property; session-ended is the last event when the session ends ' +
      '(sign-out, deactivation, password change) before the answer does',
  });

export const AdminQueriesQuery = z
  .object({
    user: z
      .email('must be an e-mail address')
      .max(254)
      .optional()
      .meta({ description: 'Only queries of the user with this e-mail' }),
    workspace: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Only queries in this workspace (id)' }),
    from: isoDay.optional().meta({ description: 'Asked on or after this UTC day' }),
    to: isoDay.optional().meta({ description: 'Asked on or before this UTC day' }),
    minMs: z.coerce
      .number()
      .min(0, 'must not be negative')
      .max(3_600_000)
      .optional()
      .meta({ description: 'Took at least this many milliseconds' }),
    mode: z.enum(analysisModes).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: z.string().max(500).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before from' });

export const AdminQueriesResponse = z.object({
  queries: z.array(
    z
      .object({
        queryId: z.string(),
        question: z.string(),
        userId: z.string(),
        userEmail: z.string().nullable(),
        workspaceId: z.string().nullable(),
        workspaceName: z.string().nullable(),
        createdAt: nullableDateTime,
        totalMs: z.number(),
        mode: Mode,
        documentCount: z.number().int(),
      })
      .meta({ id: 'QuerySummary' }),
  ),
  nextCursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last' }),
});
