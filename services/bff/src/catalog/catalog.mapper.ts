import type * as documentsV1 from '@docket/proto/src/documents';
import { toEntityRefView, toSourceView } from '../documents';
import { isoOrNull } from '../grpc/timestamps';
import {
  sourceHealth,
  type DataProductView,
  type EntityProfileView,
  type IngestionRunView,
  type SourceHealth,
  type SourceStatusView,
} from './catalog-view';

const count = (value: string | undefined): number => Number(value || '0');
const orNull = (value: string): string | null => value || null;

export function toDataProductView(p: documentsV1.DataProduct): DataProductView {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    cadence: p.cadence,
    fields: p.fields.map((f) => ({ name: f.name, type: f.type, description: f.description })),
    sourceIds: p.sourceIds,
    releases: p.releases.map((r) => ({
      id: r.id,
      version: r.version,
      releasedAt: isoOrNull(r.releasedAt),
      recordCounts: r.recordCounts.map((c) => ({ entity: c.entity, count: count(c.count) })),
      changeLog: r.changeLog.map((c) => ({ kind: c.kind, entity: c.entity, count: count(c.count) })),
      addedColumns: r.addedColumns,
      removedColumns: r.removedColumns,
    })),
  };
}

function toIngestionRunView(r: documentsV1.IngestionRun): IngestionRunView {
  return {
    id: r.id,
    sourceId: r.sourceId,
    connector: r.connector,
    startedAt: isoOrNull(r.startedAt),
    finishedAt: isoOrNull(r.finishedAt),
    status: r.status,
    seen: count(r.seen),
    new: count(r.new),
    updated: count(r.updated),
    duplicate: count(r.duplicate),
    failed: count(r.failed),
    errors: r.errors.map((e) => ({ item: e.item, reason: e.reason, message: e.message })),
    processId: orNull(r.processId),
  };
}

function toHealth(status: string): SourceHealth {
  // An unknown value from a newer service reads as idle rather than breaking the page.
  return (sourceHealth as readonly string[]).includes(status) ? (status as SourceHealth) : 'idle';
}

export function toSourceStatusView(s: documentsV1.SourceStatus): SourceStatusView | null {
  if (!s.source) return null;
  return {
    source: toSourceView(s.source),
    status: toHealth(s.status),
    lastSuccessAt: isoOrNull(s.lastSuccessAt),
    lagSeconds: count(s.lagSeconds),
    documentsLast24h: count(s.documentsLast24h),
    documentsLast7d: count(s.documentsLast7d),
    errorRate: s.errorRate,
    recentRuns: s.recentRuns.map(toIngestionRunView),
    history: s.history.map((h) => ({ day: h.day, documents: count(h.documents), failed: count(h.failed) })),
  };
}

export function toEntityProfileView(
  r: documentsV1.GetEntityResponse & { entity: documentsV1.Entity },
): EntityProfileView {
  const e = r.entity;
  return {
    entity: {
      id: e.id,
      kind: e.kind,
      name: e.name,
      aliases: e.aliases,
      mentionCount: count(e.mentionCount),
      documentCount: count(e.documentCount),
      firstSeenAt: isoOrNull(e.firstSeenAt),
      lastSeenAt: isoOrNull(e.lastSeenAt),
    },
    mentionsByMonth: r.mentionsByMonth.map((m) => ({ month: m.month, mentions: count(m.mentions) })),
    documents: r.documents.map((d) => ({
      documentId: d.documentId,
      title: d.title,
      filedAt: isoOrNull(d.filedAt),
      docketNumber: d.docketNumber,
      sourceId: d.sourceId,
      excerpt: d.excerpt,
    })),
    dockets: r.dockets.map((d) => ({
      docketId: d.docketId,
      number: d.number,
      title: d.title,
      documents: count(d.documents),
    })),
    cooccurring: r.cooccurring.map(toEntityRefView),
  };
}
