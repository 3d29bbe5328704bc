import { z } from 'zod';
import { sourceHealth } from '../domain/catalog-view';
import { uploadOutcomes } from '../domain/document-view';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/password-policy';
import { processStatuses } from '../domain/process-view';
import { roles } from '../domain/user';
import { multiline } from './multiline';

// One set of zod schemas validates requests and generates /api/openapi.json (ids name the components).

const isoDateTime = z.iso.datetime({ offset: true });
const nullableDateTime = isoDateTime.nullable();
const email = z.email('must be an e-mail address').max(254);

export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.enum([
        'invalid_input',
        'unauthenticated',
        'forbidden',
        'csrf_failed',
        'not_found',
        'conflict',
        'too_many_requests',
        'unavailable',
        'internal',
        'password_change_required',
      ]),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(roles),
    active: z.boolean(),
    organisationId: z.string(),
    organisationName: z.string(),
    mustChangePassword: z.boolean(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'User' });

export const UserResponse = z.object({ user: User });

export const LoginBody = z
  .object({
    email,
    password: z.string().min(1, 'is required').max(MAX_PASSWORD_LENGTH),
  })
  .meta({ id: 'LoginRequest' });

export const LoginResponse = z.object({ user: User, csrfToken: z.string() });
export const SessionResponse = z.object({ user: User, csrfToken: z.string() });
export const CsrfResponse = z.object({ csrfToken: z.string() });

export const ProfilePatchBody = z
  .object({ name: z.string().trim().min(1, 'is required').max(200) })
  .meta({ id: 'ProfilePatch' });

export const PasswordChangeBody = z
  .object({
    currentPassword: z.string().min(1, 'is required').max(MAX_PASSWORD_LENGTH),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH),
  })
  .meta({ id: 'PasswordChange' });

export const UsersResponse = z.object({ users: z.array(User) });

export const CreateUserBody = z
  .object({
    email,
    name: z.string().trim().min(1, 'is required').max(200),
    role: z.enum(roles),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH)
      .optional(),
  })
  .meta({ id: 'CreateUser' });

export const CreateUserResponse = z.object({
  user: User,
  temporaryPassword: z.string().optional().meta({ description: 'Only when no password was given; shown once.' }),
});

export const UpdateUserBody = z
  .object({ role: z.enum(roles).optional(), active: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined, { message: 'give role or active' })
  .meta({ id: 'UpdateUser' });

export const IdParams = z.object({ id: z.string().min(1).max(200) });

export const PageSpan = z
  .object({ number: z.number().int(), start: z.number().int(), end: z.number().int() })
  .meta({ id: 'PageSpan', description: 'A page of the text: character offsets [start, end) into the whole text' });

export const Attachment = z
  .object({
    id: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    pageCount: z.number().int(),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: 'encrypted, corrupt, empty, too_large, unsupported or timeout; null when read' }),
    failureMessage: z.string().nullable(),
    primary: z.boolean().meta({ description: "The file the document's text was extracted from" }),
  })
  .meta({ id: 'Attachment' });

export const Provenance = z
  .object({ connector: z.string(), sourceDocumentId: z.string(), sourceUrl: z.string(), runId: z.string() })
  .meta({ id: 'Provenance' });

export const Document = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z
      .string()
      .meta({ description: 'The requested page range of the text (all of it when the document has no pages)' }),
    textOffset: z.number().int().meta({ description: 'Where `text` starts in the whole text' }),
    textLength: z.number().int().meta({ description: 'Length of the whole text' }),
    sourceId: z.string(),
    docketId: z.string(),
    docketNumber: z.string(),
    filingType: z.string().meta({ description: 'As the source names it' }),
    filingCategory: z.string().meta({ description: 'Decision, Order, Testimony, Comment, … or Other' }),
    filers: z.array(z.string()),
    description: z.string(),
    language: z.string(),
    filedAt: nullableDateTime,
    createdAt: nullableDateTime,
    sha256: z.string(),
    pages: z.array(PageSpan),
    attachments: z.array(Attachment),
    provenance: Provenance.nullable(),
    failureReason: z.string().nullable(),
    docketEntryNumber: z.string().nullable().meta({
      description: "Set for an entry of its court's docket: its number ('' when unnumbered); null for any other filing",
    }),
  })
  .meta({ id: 'Document' });

export const CreateDocumentBody = z
  .object({
    title: z.string().trim().min(1, 'is required').max(1000),
    text: multiline(z.string().min(1, 'is required').max(5_000_000)),
    docketNumber: z.string().trim().max(200).optional(),
    filingType: z.string().trim().max(200).optional(),
    sourceId: z.string().trim().max(200).optional(),
    filedAt: isoDateTime.optional(),
  })
  .meta({ id: 'CreateDocument' });

export const CreateDocumentResponse = z.object({
  document: Document,
  created: z.boolean().meta({ description: 'false when an identical document already existed' }),
});

export const Attorney = z
  .object({
    name: z.string(),
    contact: z.string().meta({ description: 'Firm, address, telephone and e-mail, one per line' }),
    roles: z.array(z.string()).meta({ description: '"LEAD ATTORNEY", "ATTORNEY TO BE NOTICED", …' }),
  })
  .meta({ id: 'Attorney' });

export const Party = z
  .object({
    name: z.string(),
    role: z.string(),
    kind: z.string(),
    representative: z.string(),
    attorneys: z.array(Attorney).meta({ description: "A court party's attorneys, as its docket lists them" }),
    dateTerminated: z
      .string()
      .nullable()
      .meta({ description: 'The day the court terminated the party from the case (YYYY-MM-DD)' }),
  })
  .meta({ id: 'Party' });

export const DocketCourt = z
  .object({
    courtId: z.string().meta({ description: 'PACER\'s and CourtListener\'s id ("cand", "ca9")' }),
    courtName: z.string(),
    judge: z.string(),
    referredJudge: z.string(),
    natureOfSuit: z.string(),
    cause: z.string(),
    jurisdiction: z.string(),
    juryDemand: z.string(),
  })
  .meta({
    id: 'DocketCourt',
    description:
      "A court case's header, from its docket report (a docket has none otherwise); empty strings where the report says nothing",
  });

export const Docket = z
  .object({
    id: z.string(),
    sourceId: z.string(),
    number: z.string().meta({ description: 'Normalised per source' }),
    numberRaw: z.string(),
    title: z.string(),
    status: z.string(),
    openedAt: nullableDateTime,
    closedAt: nullableDateTime,
    parties: z.array(Party),
    industry: z.string(),
    documentCount: z.number().int(),
    court: DocketCourt.nullable(),
  })
  .meta({ id: 'Docket' });

export const EntityRef = z
  .object({ id: z.string(), kind: z.string(), name: z.string(), count: z.number().int() })
  .meta({ id: 'EntityRef', description: 'count = mentions in the document, or co-occurrences next to an entity' });

export const Mention = z
  .object({ entityId: z.string(), start: z.number().int(), end: z.number().int() })
  .meta({ id: 'Mention' });

export const FilingTypeCount = z
  .object({ native: z.string(), category: z.string(), count: z.number().int() })
  .meta({ id: 'FilingTypeCount' });

export const Source = z
  .object({
    id: z.string(),
    name: z.string(),
    shortName: z.string(),
    kind: z.string().meta({ description: 'agency or court' }),
    jurisdiction: z.string(),
    state: z.string(),
    homeUrl: z.string(),
    docketPattern: z.string(),
    publishesNativeFilingTypes: z.boolean(),
    industries: z.array(z.string()),
    documentCount: z.number().int(),
    docketCount: z.number().int(),
    firstFiledAt: nullableDateTime,
    lastFiledAt: nullableDateTime,
    filingTypes: z.array(FilingTypeCount),
  })
  .meta({ id: 'Source' });

export const DocumentQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(1)
    .meta({ description: 'First page of text to return (1-based)' }),
  pages: z.coerce.number().int().min(1).max(50).default(5).meta({ description: 'How many pages of text to return' }),
});

export const DocumentResponse = z
  .object({
    document: Document,
    docket: Docket.nullable(),
    source: Source.nullable(),
    entities: z.array(EntityRef),
    mentions: z.array(Mention).meta({ description: 'Mentions inside the returned text; offsets into the whole text' }),
  })
  .meta({ id: 'DocumentDetail' });

export const DocketParams = z.object({ docketId: z.string().min(1).max(200) });

export const DocketResponse = z.object({ docket: Docket, source: Source.nullable() }).meta({ id: 'DocketDetail' });

/** page × pageSize stays within what the documents service takes as a page token. */
export const DocketEntriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(50_000).default(1).meta({ description: '1-based' }),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const DocketEntry = z
  .object({
    documentId: z.string(),
    number: z.string().meta({
      description:
        "As the court numbers it; '' for an unnumbered entry or a filing that is no court's entry (an agency's)",
    }),
    filedAt: nullableDateTime,
    title: z.string(),
    excerpt: z.string().meta({
      description: "The start of its text (an entry's without the heading that names its case, number and day)",
    }),
  })
  .meta({ id: 'DocketEntry' });

export const DocketEntriesResponse = z
  .object({
    entries: z.array(DocketEntry),
    total: z.number().int().meta({ description: 'Entries in the whole docket' }),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({
    id: 'DocketEntries',
    description:
      "A docket's entries in court order (entry date, then number); an agency's docket lists its filings by date",
  });

export const AttachmentParams = z.object({ id: z.string().min(1).max(200), attachmentId: z.string().min(1).max(200) });

export const UploadResult = z
  .object({
    fileName: z.string(),
    outcome: z.enum(uploadOutcomes),
    documentId: z.string().nullable(),
    title: z.string().nullable(),
    reason: z.string().nullable().meta({ description: 'Why the file failed or could not be read' }),
  })
  .meta({ id: 'UploadResult' });

export const UploadForm = z
  .object({
    sourceId: z
      .string()
      .optional()
      .meta({ description: 'Source to file the documents under; must come before the files' }),
    sidecar: z.string().optional().meta({
      description:
        'JSON metadata (title, docketNumber, filingType, filedAt, filers, …) applied to every file; must come before the files',
    }),
    files: z
      .array(z.string().meta({ format: 'binary' }))
      .meta({ description: 'One or more files (PDF, DOCX, HTML, TXT)' }),
  })
  .meta({ id: 'UploadForm' });

export const UploadResponse = z.object({
  results: z.array(UploadResult).meta({ description: 'One per file, in upload order' }),
});

export const ImportBody = z
  .object({
    path: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(4096)
      .meta({ description: "A directory on the documents service's machine, read recursively" }),
    sourceId: z.string().trim().max(200).default(''),
  })
  .meta({ id: 'StartImport' });

export const ImportResponse = z.object({ processId: z.string(), runId: z.string() });

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

export const ReindexResponse = z.object({ processId: z.string() });
export const IndexStatsResponse = z.object({
  documents: z.number().int().meta({ description: 'How many documents the search index holds' }),
  pending: z.number().int().meta({ description: 'How many new, changed or deleted documents it has still to take in' }),
});

export const Process = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    status: z.enum(processStatuses),
    total: z.number().int(),
    done: z.number().int(),
    message: z.string(),
    failed: z.number().int().meta({
      description:
        'Items the job could not handle (an import’s files); a succeeded process with failures succeeded with failures',
    }),
    failures: z
      .array(z.object({ item: z.string(), reason: z.string(), message: z.string() }).meta({ id: 'ProcessItemFailure' }))
      .meta({ description: 'The first of those items (at most 100) and why' }),
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
    finishedAt: nullableDateTime,
  })
  .meta({ id: 'Process' });

export const ProcessesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const ProcessesResponse = z.object({ processes: z.array(Process) });
export const ProcessResponse = z.object({ process: Process });

export const LivenessResponse = z.object({ status: z.literal('ok') });

export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ mongo: z.enum(['up', 'down']), redis: z.enum(['up', 'down']) }),
});

/** Process health of a stack run by `npm start` (see services/bff/src/store/stack-status.file.ts). */
export const StackStatus = z
  .object({
    supervisor: z.string().meta({ description: 'who restarts crashed parts, e.g. "npm start"' }),
    startedAt: z.string(),
    updatedAt: z.string(),
    policy: z
      .object({ maxCrashes: z.number().int(), windowMs: z.number().int() })
      .meta({ description: 'this many crashes of one part within the window stop the stack' }),
    parts: z.array(
      z
        .object({
          name: z.string(),
          kind: z.enum(['infrastructure', 'service', 'frontend']),
          state: z.enum(['up', 'restarting', 'down']),
          pid: z.number().int().optional(),
          since: z.string().meta({ description: 'when it entered this state' }),
          restarts: z.number().int(),
          crashes: z.array(
            z.object({ at: z.string(), code: z.number().int().nullable(), signal: z.string().nullable() }),
          ),
          nextRestartAt: z.string().optional(),
        })
        .meta({ id: 'StackPartStatus' }),
    ),
  })
  .meta({ id: 'StackStatus' });

export const StackStatusResponse = z.object({ stack: StackStatus.nullable() });
