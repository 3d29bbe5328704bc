import { z } from 'zod';
import { isoDateTime, nullableDateTime } from '../http/common.schemas';
import { multiline } from '../http/multiline';
import { uploadOutcomes } from './upload-outcomes';

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
    entitiesPending: z.boolean().meta({
      description: 'True while its entities are still being found (in the background, usually within a minute)',
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
      "A court case's header, from its docket report (a docket has none otherwise); " +
      'empty strings where the report says nothing',
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
    sidecar: z
      .string()
      .optional()
      .meta({
        description:
          'JSON metadata (title, docketNumber, filingType, filedAt, filers, …) ' +
          'applied to every file; must come before the files',
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
