import type { Logger } from '@docket/observability';
import type { SummariseProductRequest, SummariseProductResponse } from '@docket/proto/src/documents';
import { unary } from '@docket/service-kit';
import { dataProductToProto } from '../catalog';
import type { DocumentHandlers } from '../documents-service.binding';
import { releaseToProto } from './data-product.mapper';
import type { ProductSummary, ProductSummaryService } from './product-summary.service';

/** SummariseProduct: a product's totals, coverage and figures over its latest releases. */
export function productSummaryHandlers(deps: { summaries: ProductSummaryService; logger: Logger }): DocumentHandlers {
  return {
    summariseProduct: unary<SummariseProductRequest, SummariseProductResponse>(deps.logger, async (request) =>
      summaryToProto(await deps.summaries.summarise(request.dataProductId)),
    ),
  };
}

function summaryToProto(summary: ProductSummary): SummariseProductResponse {
  return {
    dataProduct: dataProductToProto(summary.product),
    releaseCount: summary.releaseCount,
    ...(summary.latest ? { latestRelease: releaseToProto(summary.latest) } : {}),
    nextExpected: summary.nextExpected ?? '',
    coverage: summary.coverage.map((column) => ({
      column: column.column,
      type: column.type,
      counts: column.counts.map((count) => ({
        value: count.value ?? '',
        stated: count.value !== null,
        rows: String(count.rows),
      })),
    })),
    releases: summary.releases.map((release) => ({
      releaseId: release.releaseId,
      version: release.version,
      asOf: release.asOf,
      releasedAt: release.releasedAt,
      rows: String(release.rows),
      compared: release.changes !== null,
      added: String(release.changes?.added ?? 0),
      removed: String(release.changes?.removed ?? 0),
      changed: String(release.changes?.changed ?? 0),
      figures: release.figures.map((figure) => ({
        column: figure.column,
        measure: figure.measure,
        value: figure.value ?? 0,
        stated: figure.value !== null,
      })),
    })),
  };
}
