import { ConflictError } from '@docket/errors';
import type { PendingEvent } from '@docket/events';
import type { Logger } from '@docket/observability';
import { releasePublishedEvent, type DocumentsTopics, type OutboxKicker } from '../documents';
import type { DataProduct, Release } from '../domain/data-product.types';
import type { SummaryWording } from '../domain/data-products/change-log';
import type { IngestionRun } from '../domain/ingestion-run.types';
import { validateNewSource, type NewSourceInput } from '../domain/new-source';
import { judgeSource, type SourceHealth } from '../domain/source-status';
import type { Source, SourceDefinition } from '../domain/source.types';
import { lastDays, lastHours } from '../domain/time-buckets';
import { dayId, hourId, type ActivityRepository } from '../store/activity.repository';
import type { DataProductReleaseRepository, ProductRelease } from '../store/data-product-release.repository';
import type { DataProductRepository } from '../store/data-product.repository';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';
import type { SourceRepository } from '../store/source.repository';

export interface SourceStatusView {
  source: Source;
  status: SourceHealth;
  lastSuccessAt?: Date;
  lagMs?: number;
  documentsLast24h: number;
  documentsLast7d: number;
  errorRate: number;
  recentRuns: IngestionRun[];
  history: Array<{ day: string; documents: number; failed: number }>;
}

const RUNS_PER_SOURCE = 10;
const HISTORY_DAYS = 30;

/** Sources, data products and their releases, and how fresh each source is. */
export class CatalogService {
  constructor(
    private readonly deps: {
      sources: SourceRepository;
      dataProducts: DataProductRepository;
      /** The releases of products whose releases are tables (rows in Parquet). */
      tableReleases?: Pick<DataProductReleaseRepository, 'list'> | undefined;
      runs: IngestionRunRepository;
      activity: ActivityRepository;
      outbox: OutboxKicker;
      topics: DocumentsTopics;
      logger: Logger;
      /** After a source was added: its docket pattern joins those entity extraction uses. */
      onSourcesChanged?: () => Promise<void>;
    },
  ) {}

  listSources(): Promise<Source[]> {
    return this.deps.sources.list();
  }

  /**
   * A source an administrator adds (ConflictError for a taken id). Defined sources are otherwise the
   * seeder's and the connectors'; nothing a document names creates one.
   */
  async createSource(input: NewSourceInput, createdBy: string): Promise<Source> {
    const definition = validateNewSource(input);
    if (!(await this.deps.sources.create(definition))) {
      throw new ConflictError(`a source with id "${definition.id}" already exists`);
    }
    this.deps.logger.info({ sourceId: definition.id, createdBy }, 'source created');
    await this.deps.onSourcesChanged?.();
    const created = await this.deps.sources.find(definition.id);
    if (!created) throw new Error(`source ${definition.id} vanished after it was created`);
    return created;
  }

  defineSources(definitions: SourceDefinition[]): Promise<void> {
    return this.deps.sources.upsertDefinitions(definitions);
  }

  /** Every product with its releases, oldest first: a table product's as counts of its rows and changes. */
  async listDataProducts(): Promise<DataProduct[]> {
    const products = await this.deps.dataProducts.list();
    const { tableReleases } = this.deps;
    const listed = await Promise.all(
      products.map(async (product) =>
        product.table && tableReleases
          ? {
              ...product,
              releases: (await tableReleases.list(product.id))
                .reverse()
                .map((release) => catalogReleaseOf(release, product.table!.wording)),
            }
          : product,
      ),
    );
    return listed.sort((a, b) => a.name.localeCompare(b.name));
  }

  defineDataProduct(product: Omit<DataProduct, 'releases'>): Promise<void> {
    return this.deps.dataProducts.upsertDefinition(product);
  }

  /** Adds a release and emits catalog.release-published.v1 with it (once, however often it is called). */
  async publishRelease(productId: string, release: Release): Promise<boolean> {
    const event: PendingEvent = releasePublishedEvent(
      productId,
      release.id,
      release.version,
      this.deps.topics.releasePublished,
    );
    const added = await this.deps.dataProducts.addRelease(productId, release, event);
    if (added) void this.deps.outbox.kick([productId]);
    return added;
  }

  async status(now = new Date()): Promise<SourceStatusView[]> {
    const [sources, runs] = await Promise.all([this.deps.sources.list(), this.deps.runs.recent(1000)]);
    const days = lastDays(now, HISTORY_DAYS);
    const hours = lastHours(now, 7 * 24);
    const counts = await this.deps.activity.read(
      sources.map((s) => s.id),
      days,
      hours,
    );
    const sum = (ids: string[]) => ids.reduce((total, id) => total + (counts.get(id)?.documents ?? 0), 0);

    return sources.map((source) => {
      const recentRuns = runs.filter((run) => run.sourceId === source.id).slice(0, RUNS_PER_SOURCE);
      const health = judgeSource({ runs: recentRuns, lastFiledAt: source.lastFiledAt, now });
      return {
        source,
        ...health,
        documentsLast24h: sum(hours.slice(-24).map((h) => hourId(source.id, h))),
        documentsLast7d: sum(hours.map((h) => hourId(source.id, h))),
        recentRuns,
        history: days.map((day) => ({ day, documents: 0, failed: 0, ...counts.get(dayId(source.id, day)) })),
      };
    });
  }
}

/** A table release as the catalog lists releases: its rows, and its change log's counts. */
function catalogReleaseOf(release: ProductRelease, wording: SummaryWording): Release {
  const rows = wording.row.many;
  const log = release.changeLog;
  return {
    id: release.id,
    version: release.version,
    releasedAt: release.releasedAt,
    recordCounts: { [rows]: release.rows },
    changeLog: log
      ? [
          { kind: 'added', entity: rows, count: log.added },
          { kind: 'removed', entity: rows, count: log.removed },
          { kind: 'updated', entity: rows, count: log.changed },
        ].filter((entry) => entry.count > 0)
      : [{ kind: 'added', entity: rows, count: release.rows }],
    addedColumns: log?.columnsAdded ?? [],
    removedColumns: log?.columnsRemoved ?? [],
  };
}
