import type * as pb from '@docket/proto/src/documents';
import type { ChangeLog } from '../domain/data-products/change-log';
import type { ColumnDef } from '../domain/data-products/product-schema';
import type { ProductRelease } from '../store/data-product-release.repository';

export function columnToProto(column: ColumnDef): pb.ProductColumn {
  return {
    name: column.name,
    type: column.type,
    description: column.description,
    unit: column.unit ?? '',
    order: column.order ?? [],
  };
}

export function changeLogToProto(log: ChangeLog): pb.ChangeLog {
  return {
    added: String(log.added),
    removed: String(log.removed),
    changed: String(log.changed),
    columns: log.columns.map((c) => ({
      column: c.column,
      changed: String(c.changed),
      filled: String(c.filled),
      cleared: String(c.cleared),
      up: String(c.up),
      down: String(c.down),
      later: String(c.later),
      earlier: String(c.earlier),
      forward: String(c.forward),
      back: String(c.back),
    })),
    columnsAdded: log.columnsAdded,
    columnsRemoved: log.columnsRemoved,
    summary: log.summary,
  };
}

export function releaseToProto(release: ProductRelease): pb.ProductRelease {
  return {
    id: release.id,
    sequence: release.sequence,
    version: release.version,
    releasedAt: release.releasedAt,
    asOf: release.asOf,
    rows: String(release.rows),
    key: release.key,
    columns: release.columns.map(columnToProto),
    previousReleaseId: release.previousReleaseId ?? '',
    changeLog: release.changeLog ? changeLogToProto(release.changeLog) : undefined,
  };
}
