import { z } from 'zod';
import { EntityRef, Source } from '../documents/documents.schemas';
import { nullableDateTime } from '../http/common.schemas';
import { sourceHealth } from './source-health';

export const SourcesResponse = z.object({ sources: z.array(Source) });

export const sourceKinds = ['agency', 'court'] as const;
export const sourceJurisdictions = ['federal', 'state'] as const;
const SOURCE_ID_RULE = "must be lowercase letters, digits and '-' (not first or last), e.g. src-nypsc";

// Each field's shape is checked here, so a form hears of every mistake at once; the documents service checks
// again, and what only it knows (which state codes exist, a taken id).
export const CreateSourceBody = z
  .object({
    id: z
      .string()
      .trim()
      .min(2, 'must be 2 to 64 characters')
      .max(64, 'must be 2 to 64 characters')
      .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, SOURCE_ID_RULE)
      .meta({ description: 'A lowercase slug that names the source in filters, sidecars and imports, e.g. src-nypsc' }),
    name: z.string().trim().min(1, 'is required').max(200),
    kind: z.enum(sourceKinds),
    shortName: z.string().trim().max(60).default(''),
    jurisdiction: z.enum(sourceJurisdictions).optional(),
    state: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{2})?$/, 'must be a two-letter code such as NY')
      .default('')
      .meta({ description: 'US state code, e.g. NY' }),
    homeUrl: z
      .string()
      .trim()
      .max(500)
      .refine((value) => value === '' || isHttpUrl(value), 'must be an http(s) URL')
      .default('')
      .meta({ description: "http(s) URL of the source's site" }),
    docketPattern: z
      .string()
      .trim()
      .max(500)
      .refine(compiles, 'is not a valid regular expression')
      .default('')
      .meta({ description: "A regular expression for the source's docket numbers" }),
  })
  .meta({ id: 'CreateSource' });

export const SourceResponse = z.object({ source: Source });

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'gd');
    return true;
  } catch {
    return false;
  }
}

export const Release = z
  .object({
    id: z.string(),
    version: z.string(),
    releasedAt: nullableDateTime,
    recordCounts: z.array(z.object({ entity: z.string(), count: z.number().int() })),
    changeLog: z.array(
      z.object({
        kind: z.string().meta({ description: 'added, updated or removed' }),
        entity: z.string(),
        count: z.number().int(),
      }),
    ),
    addedColumns: z.array(z.string()),
    removedColumns: z.array(z.string()),
  })
  .meta({ id: 'Release' });

export const DataProduct = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    cadence: z.string(),
    fields: z.array(z.object({ name: z.string(), type: z.string(), description: z.string() })),
    sourceIds: z.array(z.string()),
    releases: z.array(Release).meta({ description: 'Newest first' }),
  })
  .meta({ id: 'DataProduct' });

export const DataProductsResponse = z.object({ dataProducts: z.array(DataProduct) });

export const IngestionRun = z
  .object({
    id: z.string(),
    sourceId: z.string(),
    connector: z.string(),
    startedAt: nullableDateTime,
    finishedAt: nullableDateTime,
    status: z.string().meta({ description: 'running, succeeded, failed or interrupted' }),
    seen: z.number().int(),
    new: z.number().int(),
    updated: z.number().int(),
    duplicate: z.number().int(),
    failed: z.number().int(),
    errors: z.array(z.object({ item: z.string(), reason: z.string(), message: z.string() })),
    processId: z.string().nullable(),
  })
  .meta({ id: 'IngestionRun' });

export const SourceStatus = z
  .object({
    source: Source,
    status: z.enum(sourceHealth),
    lastSuccessAt: nullableDateTime,
    lagSeconds: z.number().int().meta({ description: 'Seconds since the newest document was filed at the source' }),
    documentsLast24h: z.number().int(),
    documentsLast7d: z.number().int(),
    errorRate: z.number().meta({ description: 'Failed / seen items over the recent runs, 0..1' }),
    recentRuns: z.array(IngestionRun),
    history: z
      .array(z.object({ day: z.string(), documents: z.number().int(), failed: z.number().int() }))
      .meta({ description: 'The last 30 days, oldest first' }),
  })
  .meta({ id: 'SourceStatus' });

export const CorpusLoad = z
  .object({
    total: z.number().int().meta({ description: 'Filings in the default corpus' }),
    stored: z.number().int().meta({ description: 'Filings stored so far' }),
    indexed: z.number().int().nullable().meta({
      description: 'Documents the search index holds (at most total); null when the query-engine did not answer',
    }),
    storedPerSecond: z.number(),
    indexedPerSecond: z.number().nullable(),
    secondsLeft: z.number().int().nullable().meta({
      description: 'Until every filing is stored and indexed, at the rates so far; null before there is a rate',
    }),
  })
  .meta({ id: 'CorpusLoad', description: 'The default corpus still loading: stored or indexed short of total' });

export const CatalogStatusResponse = z.object({
  sources: z.array(SourceStatus),
  // null once the default corpus is searchable (every filing stored and indexed), or when none was loaded
  corpusLoad: CorpusLoad.nullable(),
});

export const EntityResponse = z
  .object({
    entity: z
      .object({
        id: z.string(),
        kind: z
          .string()
          .meta({ description: 'organisation, person, agency, docket, place, money, percentage or date' }),
        name: z.string(),
        aliases: z.array(z.string()),
        mentionCount: z.number().int(),
        documentCount: z.number().int(),
        firstSeenAt: nullableDateTime,
        lastSeenAt: nullableDateTime,
      })
      .meta({ id: 'Entity' }),
    mentionsByMonth: z.array(
      z.object({ month: z.string().meta({ description: 'YYYY-MM' }), mentions: z.number().int() }),
    ),
    documents: z.array(
      z.object({
        documentId: z.string(),
        title: z.string(),
        filedAt: nullableDateTime,
        docketNumber: z.string(),
        sourceId: z.string(),
        excerpt: z.string().meta({ description: 'The text around the first mention' }),
      }),
    ),
    dockets: z.array(
      z.object({ docketId: z.string(), number: z.string(), title: z.string(), documents: z.number().int() }),
    ),
    cooccurring: z.array(EntityRef),
  })
  .meta({ id: 'EntityProfile' });
