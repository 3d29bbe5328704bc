import type * as pb from '@docket/proto/src/documents';
import type { Docket } from '../domain/docket.types';
import type { Attachment, Document } from '../domain/document.types';
import type { IngestionRun } from '../domain/ingestion-run.types';
import type { Source } from '../domain/source.types';

export function attachmentToProto(a: Attachment): pb.Attachment {
  return {
    id: a.id,
    fileName: a.fileName,
    contentType: a.contentType,
    size: String(a.size),
    sha256: a.sha256,
    pageCount: a.pageCount,
    failureReason: a.failureReason ?? '',
    failureMessage: a.failureMessage ?? '',
    primary: a.primary,
  };
}

export function documentToProto(d: Document, text = d.text, textOffset = 0, textLength = d.text.length): pb.Document {
  return {
    id: d.id,
    title: d.title,
    text,
    sourceId: d.sourceId,
    docketNumber: d.docketNumber,
    filingType: d.filingType,
    filedAt: d.filedAt,
    createdAt: d.createdAt,
    sha256: d.sha256,
    createdBy: d.createdBy,
    filingCategory: d.filingCategory,
    filers: d.filers,
    description: d.description,
    language: d.language,
    docketId: d.docketId,
    pages: d.pages,
    attachments: d.attachments.map(attachmentToProto),
    provenance: d.provenance,
    textOffset,
    textLength,
    failureReason: d.failureReason ?? '',
    entitiesPending: d.analysisPending === true,
    ...(d.docketEntry ? { docketEntryNumber: d.docketEntry.number } : {}),
  };
}

export function docketToProto(d: Docket): pb.Docket {
  return {
    id: d.id,
    sourceId: d.sourceId,
    number: d.number,
    numberRaw: d.numberRaw,
    title: d.title,
    status: d.status,
    openedAt: d.openedAt,
    closedAt: d.closedAt,
    industry: d.industry,
    documentCount: String(d.documentCount),
    parties: d.parties.map((p) => ({
      name: p.name,
      role: p.role,
      kind: p.kind ?? '',
      representative: p.representative ?? '',
      attorneys: p.attorneys ?? [],
      dateTerminated: p.dateTerminated ?? '',
    })),
    ...(d.court ? { court: d.court } : {}),
  };
}

export function sourceToProto(s: Source): pb.Source {
  const categories = new Map(s.filingTypes.map((t) => [t.native, t.category]));
  return {
    id: s.id,
    name: s.name,
    shortName: s.shortName,
    kind: s.kind,
    jurisdiction: s.jurisdiction,
    homeUrl: s.homeUrl,
    docketPattern: s.docketPattern,
    publishesNativeFilingTypes: s.publishesNativeFilingTypes,
    industries: s.industries,
    documentCount: String(s.documentCount),
    docketCount: String(s.docketCount),
    firstFiledAt: s.firstFiledAt,
    lastFiledAt: s.lastFiledAt,
    state: s.state,
    filingTypes: Object.entries(s.filingTypeCounts)
      .sort((a, b) => b[1] - a[1])
      .map(([native, count]) => ({ native, category: categories.get(native) ?? '', count: String(count) })),
  };
}

export function runToProto(r: IngestionRun): pb.IngestionRun {
  return {
    id: r.id,
    sourceId: r.sourceId,
    connector: r.connector,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    status: r.status,
    seen: String(r.seen),
    new: String(r.new),
    updated: String(r.updated),
    duplicate: String(r.duplicate),
    failed: String(r.failed),
    errors: r.errors,
    processId: r.processId,
  };
}
