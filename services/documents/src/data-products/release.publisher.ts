import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, InputError, NotFoundError } from '@docket/errors';
import { releasePublishedEvent, type DocumentsTopics } from '../documents';
import { summariseChanges, type ChangeLog, type SummaryWording } from '../domain/data-products/change-log';
import type { ProductSchema } from '../domain/data-products/product-schema';
import { ReleaseRowChecker } from '../domain/data-products/release-rows';
import type { DataProductReleaseRepository, ProductRelease } from '../store/data-product-release.repository';
import { openReleaseFile, UnreadableReleaseFile, type ReleaseFileFormat } from './release-file.reader';
import type { ReleaseTableRepository } from './release-table.repository';

/** What the publisher needs to know of a product. */
export interface ReleaseDefinition {
  schema: ProductSchema;
  wording: SummaryWording;
}

export interface PublishRequest {
  productId: string;
  file: string;
  format: ReleaseFileFormat;
  /** What the release calls itself; its sequence number when absent. */
  version?: string | undefined;
  /** The day the rows describe; the day of publishing when absent. */
  asOf?: string | undefined;
}

export interface PublishOutcome {
  /** 'unchanged': the same content was published before, and that release is returned. */
  outcome: 'published' | 'unchanged';
  release: ProductRelease;
}

/**
 * Publishes a release from a file: the file is read as a stream and checked row by row against the
 * product's schema (any bad row refuses the whole file, each issue naming its line and column),
 * written as a Parquet table, compared by key with the release before, and stored with its change
 * log and its catalog.release-published event in one write. The same content twice is one release.
 */
export class ReleasePublisher {
  constructor(
    private readonly deps: {
      products: { releaseDefinition(productId: string): Promise<ReleaseDefinition | undefined> };
      releases: DataProductReleaseRepository;
      tables: ReleaseTableRepository;
      /** Release files are stored relative to it. */
      blobDirectory: string;
      topic: DocumentsTopics['releasePublished'];
      /** Publishes a stored release's event now, rather than at the relay's next pass. */
      kickOutbox?: (releaseId: string) => void;
      now?: () => Date;
    },
  ) {}

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    const { releases, tables } = this.deps;
    const definition = await this.deps.products.releaseDefinition(request.productId);
    if (!definition) throw new NotFoundError(`data product ${request.productId} is not one that takes releases`);
    const sha256 = await sha256Of(request.file);
    const same = await releases.withContent(request.productId, sha256);
    if (same) return { outcome: 'unchanged', release: same };

    const { checker, releaseId, written } = await this.writeChecked(request, definition.schema);
    const previous = await releases.latest(request.productId);
    try {
      let changeLog: ChangeLog | null = null;
      if (previous) {
        const counts = await tables.compare(
          { file: this.absolute(previous.file), schema: { key: previous.key, columns: previous.columns } },
          { file: written.file, schema: checker.schema },
        );
        changeLog = { ...counts, summary: summariseChanges(counts, checker.schema.columns, definition.wording) };
      }
      const now = (this.deps.now ?? (() => new Date()))();
      const sequence = (previous?.sequence ?? 0) + 1;
      const release: ProductRelease = {
        id: releaseId,
        productId: request.productId,
        sequence,
        version: request.version ?? String(sequence),
        releasedAt: now,
        asOf: request.asOf ?? now.toISOString().slice(0, 10),
        rows: written.rows,
        sha256,
        file: path.relative(this.deps.blobDirectory, written.file),
        key: checker.schema.key,
        columns: checker.schema.columns,
        previousReleaseId: previous?.id ?? null,
        changeLog,
      };
      const event = releasePublishedEvent(request.productId, release.id, release.version, this.deps.topic);
      if (await releases.insert(release, event)) {
        this.deps.kickOutbox?.(release.id);
        return { outcome: 'published', release };
      }
      await rm(written.file, { recursive: true, force: true });
      const raced = await releases.withContent(request.productId, sha256);
      if (raced) return { outcome: 'unchanged', release: raced };
      throw new ConflictError(`another release of ${request.productId} was published meanwhile: publish again`);
    } catch (error) {
      await rm(written.file, { recursive: true, force: true });
      throw error;
    }
  }

  /** Reads, checks and writes the file's rows; refuses it, naming every issue, when a row is bad. */
  private async writeChecked(request: PublishRequest, schema: ProductSchema) {
    let opened: Awaited<ReturnType<typeof openReleaseFile>>;
    try {
      opened = await openReleaseFile(request.file, request.format);
    } catch (error) {
      throw refusal(error);
    }
    const checker = new ReleaseRowChecker(schema, opened.columns);
    const releaseId = randomUUID();
    async function* rows() {
      for await (const record of opened.records) {
        if (checker.full) return;
        const row = checker.check(record);
        if (row) yield row;
      }
    }
    let written: { file: string; rows: number };
    try {
      written = await this.deps.tables.write(request.productId, releaseId, checker.schema, rows());
    } catch (error) {
      throw refusal(error);
    }
    if (checker.issues.length > 0) {
      await rm(written.file, { recursive: true, force: true });
      throw new InputError(
        `the file was not published: ${checker.issues.length}${checker.full ? ' or more' : ''} rows have problems`,
        checker.issues.map((issue) => ({ path: `line ${issue.line}, ${issue.column}`, message: issue.message })),
      );
    }
    return { checker, releaseId, written };
  }

  private absolute(file: string): string {
    return path.resolve(this.deps.blobDirectory, file);
  }
}

function refusal(error: unknown): unknown {
  if (error instanceof UnreadableReleaseFile)
    return new InputError('the file was not published', [{ path: `line ${error.line}`, message: error.message }]);
  return error;
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
