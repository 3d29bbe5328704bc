import { NotFoundError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import {
  DocumentsServiceService,
  type ChangeLog,
  type GetDataProductRequest,
  type RowFilter,
  type SummariseReleaseChangesRequest,
} from '@docket/proto/src/documents';
import { startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';

/** A product's release as the fake serves it: the whole change log, and the counts for each filter value. */
export interface FakeRelease {
  id: string;
  version: string;
  changeLog: ChangeLog;
  /** The change log over the rows whose `column` is this value; absent values: nothing changed. */
  byValue: Record<string, ChangeLog>;
}

const NO_CHANGE: ChangeLog = {
  added: '0',
  removed: '0',
  changed: '0',
  columns: [],
  columnsAdded: [],
  columnsRemoved: [],
  summary: 'No changes',
};

/**
 * The documents service as the alerts service sees it, faked at the wire: GetDataProduct and
 * SummariseReleaseChanges for one product whose rows are filtered on one column with `in`. It counts
 * what it was asked, and can be told to fail a number of summaries (a service briefly unreachable).
 */
export class FakeDocuments {
  readonly summarised: RowFilter[][] = [];
  /** Summaries with a filter on this value fail while `failures` > 0. */
  failing: { value: string; failures: number } | undefined;
  private server: RunningGrpcServer | undefined;

  constructor(private readonly product: { id: string; name: string; columns: string[]; releases: FakeRelease[] }) {}

  async start(logger: Logger): Promise<string> {
    this.server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [
        {
          definition: DocumentsServiceService,
          implementation: {
            getDataProduct: unary(logger, async (request: GetDataProductRequest) => {
              if (request.dataProductId !== this.product.id) throw new NotFoundError('no such product');
              return {
                dataProduct: {
                  id: this.product.id,
                  name: this.product.name,
                  description: '',
                  cadence: 'weekly',
                  fields: [],
                  sourceIds: [],
                  releases: [],
                },
                key: ['docket'],
                columns: this.product.columns.map((name) => ({
                  name,
                  type: 'text',
                  description: '',
                  unit: '',
                  order: [],
                })),
                releases: this.product.releases.map((r) => this.releaseOf(r)),
              };
            }),
            summariseReleaseChanges: unary(logger, async (request: SummariseReleaseChangesRequest) => {
              const release = this.product.releases.find((r) => r.id === request.releaseId);
              if (request.dataProductId !== this.product.id || !release) throw new NotFoundError('no such release');
              this.summarised.push(request.filters);
              const values = request.filters.flatMap((f) => f.values);
              if (this.failing && this.failing.failures > 0 && values.includes(this.failing.value)) {
                this.failing.failures -= 1;
                throw new UnavailableError('the documents service is restarting');
              }
              const changeLog =
                request.filters.length === 0
                  ? release.changeLog
                  : (values.map((v) => release.byValue[v]).find(Boolean) ?? NO_CHANGE);
              return { release: this.releaseOf(release), changeLog };
            }),
          },
        },
      ],
    });
    this.server.setServing(true);
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(500);
  }

  private releaseOf(release: FakeRelease) {
    return {
      id: release.id,
      sequence: 2,
      version: release.version,
      releasedAt: new Date(),
      asOf: '2026-11-29',
      rows: '10',
      key: ['docket'],
      columns: [],
      previousReleaseId: 'rel-1',
      changeLog: release.changeLog,
    };
  }
}
