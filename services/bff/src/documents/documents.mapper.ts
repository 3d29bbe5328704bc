import type * as documentsV1 from '@docket/proto/src/documents';
import { isoOrNull } from '../grpc/timestamps';
import type {
  AttachmentView,
  DocketEntryView,
  DocketView,
  DocumentView,
  EntityRefView,
  SourceView,
} from './document-view';

// DocumentsService messages → the BFF's REST shapes. int64 fields arrive as strings (forceLong=string).

const count = (value: string | undefined): number => Number(value || '0');
const orNull = (value: string): string | null => value || null;

export function toDocumentView(d: documentsV1.Document): DocumentView {
  return {
    id: d.id,
    title: d.title,
    text: d.text,
    textOffset: d.textOffset,
    // Documents written before page ranges existed report no length: the text is all there is.
    textLength: d.textLength || d.textOffset + d.text.length,
    sourceId: d.sourceId,
    docketId: d.docketId,
    docketNumber: d.docketNumber,
    filingType: d.filingType,
    filingCategory: d.filingCategory,
    filers: d.filers,
    description: d.description,
    language: d.language,
    filedAt: isoOrNull(d.filedAt),
    createdAt: isoOrNull(d.createdAt),
    sha256: d.sha256,
    pages: d.pages.map((p) => ({ number: p.number, start: p.start, end: p.end })),
    attachments: d.attachments.map(toAttachmentView),
    provenance: d.provenance
      ? {
          connector: d.provenance.connector,
          sourceDocumentId: d.provenance.sourceDocumentId,
          sourceUrl: d.provenance.sourceUrl,
          runId: d.provenance.runId,
        }
      : null,
    failureReason: orNull(d.failureReason),
    docketEntryNumber: d.docketEntryNumber ?? null,
    entitiesPending: d.entitiesPending,
  };
}

export function toAttachmentView(a: documentsV1.Attachment): AttachmentView {
  return {
    id: a.id,
    fileName: a.fileName,
    contentType: a.contentType,
    size: count(a.size),
    sha256: a.sha256,
    pageCount: a.pageCount,
    failureReason: orNull(a.failureReason),
    failureMessage: orNull(a.failureMessage),
    primary: a.primary,
  };
}

export function toDocketView(d: documentsV1.Docket): DocketView {
  return {
    id: d.id,
    sourceId: d.sourceId,
    number: d.number,
    numberRaw: d.numberRaw,
    title: d.title,
    status: d.status,
    openedAt: isoOrNull(d.openedAt),
    closedAt: isoOrNull(d.closedAt),
    parties: d.parties.map((p) => ({
      name: p.name,
      role: p.role,
      kind: p.kind,
      representative: p.representative,
      attorneys: p.attorneys.map((a) => ({ name: a.name, contact: a.contact, roles: a.roles })),
      dateTerminated: orNull(p.dateTerminated),
    })),
    industry: d.industry,
    documentCount: count(d.documentCount),
    court: d.court
      ? {
          courtId: d.court.courtId,
          courtName: d.court.courtName,
          judge: d.court.judge,
          referredJudge: d.court.referredJudge,
          natureOfSuit: d.court.natureOfSuit,
          cause: d.court.cause,
          jurisdiction: d.court.jurisdiction,
          juryDemand: d.court.juryDemand,
        }
      : null,
  };
}

export function toDocketEntryView(e: documentsV1.DocketEntry): DocketEntryView {
  return {
    documentId: e.documentId,
    number: e.number,
    filedAt: isoOrNull(e.filedAt),
    title: e.title,
    excerpt: e.excerpt,
  };
}

export function toEntityRefView(e: documentsV1.EntityRef): EntityRefView {
  return { id: e.id, kind: e.kind, name: e.name, count: count(e.count) };
}

export function toSourceView(s: documentsV1.Source): SourceView {
  return {
    id: s.id,
    name: s.name,
    shortName: s.shortName,
    kind: s.kind,
    jurisdiction: s.jurisdiction,
    state: s.state,
    homeUrl: s.homeUrl,
    docketPattern: s.docketPattern,
    publishesNativeFilingTypes: s.publishesNativeFilingTypes,
    industries: s.industries,
    documentCount: count(s.documentCount),
    docketCount: count(s.docketCount),
    firstFiledAt: isoOrNull(s.firstFiledAt),
    lastFiledAt: isoOrNull(s.lastFiledAt),
    filingTypes: s.filingTypes.map((f) => ({ native: f.native, category: f.category, count: count(f.count) })),
  };
}
