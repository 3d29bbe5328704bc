import type * as pb from '@docket/proto/src/documents';
import { runToProto, sourceToProto } from '../documents';
import type { DataProduct } from '../domain/data-product.types';
import type { SourceStatusView } from './catalog.service';

export function statusToProto(s: SourceStatusView): pb.SourceStatus {
  return {
    source: sourceToProto(s.source),
    status: s.status,
    lastSuccessAt: s.lastSuccessAt,
    lagSeconds: String(Math.round((s.lagMs ?? 0) / 1000)),
    documentsLast24h: String(s.documentsLast24h),
    documentsLast7d: String(s.documentsLast7d),
    errorRate: s.errorRate,
    recentRuns: s.recentRuns.map(runToProto),
    history: s.history.map((h) => ({ day: h.day, documents: String(h.documents), failed: String(h.failed) })),
  };
}

export function dataProductToProto(p: DataProduct): pb.DataProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    cadence: p.cadence,
    fields: p.fields,
    sourceIds: p.sourceIds,
    releases: [...p.releases].reverse().map((r) => ({
      id: r.id,
      version: r.version,
      releasedAt: r.releasedAt,
      recordCounts: Object.entries(r.recordCounts).map(([entity, count]) => ({ entity, count: String(count) })),
      changeLog: r.changeLog.map((c) => ({ ...c, count: String(c.count) })),
      addedColumns: r.addedColumns,
      removedColumns: r.removedColumns,
    })),
  };
}
