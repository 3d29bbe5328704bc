import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from '@docket/observability';
import { newProcessId, ProgressTicker, type ProcessUpdates } from '@docket/processes';
import type { UserActivity } from '@docket/service-kit';
import { holdRead } from '../domain/analysis/proceeding';
import { monthEndsUpTo, releaseVersionOf } from '../domain/data-products/release-days';
import { releaseLine, withoutColumns, type ComputedProduct } from './computed-products';
import type { DataProductReleasesClient } from './data-product-releases.client';
import type { ProceedingFilingsReader } from './proceeding-filings.reader';

export const COMPUTE_RELEASES_KIND = 'data-product-releases';
export const COMPUTE_RELEASES_TITLE = 'Compute data product releases from the filings';
/** How many monthly releases a product starts with, and keeps adding to once a month is over. */
export const MONTHS_RELEASED = 6;
/**
 * A user's request waits for no proceeding: the job works in steps of one filing read or one
 * release's rows (the event loop is free between them), each taken when no request has been under
 * way for a moment, or after this long all the same.
 */
const WAIT_FOR_QUIET_MS = 5_000;

/** One release to compute: the product, the day its rows describe, and its file as it is written. */
interface PendingRelease {
  product: ComputedProduct;
  asOf: string;
  file: string;
  out: WriteStream;
  rows: number;
}

/**
 * Computes the monthly releases of the products read from the filings (the rate-case tracker, the
 * procedural calendar) that are due and not yet published: every month-end of the last six after the
 * product's latest release, each from the filings filed by then. Each proceeding's filings are read
 * from the index once for all the months due, and each release is published in month order through
 * the documents service, which computes its change log. The run is a process administrators follow.
 */
export class ComputedReleasesJob {
  constructor(
    private readonly deps: {
      products: readonly ComputedProduct[];
      reader: ProceedingFilingsReader;
      releases: Pick<DataProductReleasesClient, 'releases' | 'publish'>;
      processes: ProcessUpdates;
      users?: Pick<UserActivity, 'whenQuiet'> | undefined;
      logger: Logger;
    },
  ) {}

  /** Publishes the releases due; how many were published. */
  async run(): Promise<number> {
    const newest = await this.deps.reader.newestFilingDay();
    if (newest === '') return 0;
    const days = monthEndsUpTo(newest, MONTHS_RELEASED);
    const { due, nextSequence } = await this.releasesDue(days);
    if (due.length === 0) return 0;
    const directory = await mkdtemp(path.join(os.tmpdir(), 'computed-releases-'));
    const pending = due.map((release, i) => {
      const file = path.join(directory, `${release.product.id}-${release.asOf}-${i}.jsonl`);
      return { ...release, file, out: createWriteStream(file), rows: 0 };
    });
    const process = {
      processId: newProcessId(),
      kind: COMPUTE_RELEASES_KIND,
      title: COMPUTE_RELEASES_TITLE,
      ownerId: '',
    };
    const publish = (update: {
      status: 'running' | 'succeeded' | 'failed';
      done: number;
      total: number;
      message: string;
    }) => this.deps.processes.publish({ ...process, ...update });
    await publish({ status: 'running', done: 0, total: 0, message: 'listing proceedings' });
    const ticker = new ProgressTicker(
      ({ done, total }) => publish({ status: 'running', done, total, message: 'reading proceedings' }),
      (error) => this.deps.logger.warn({ err: error }, 'could not publish the progress of computed releases'),
      2_000,
    );
    try {
      const lastDay = days[days.length - 1] as string;
      const proceedings = await this.deps.reader.proceedings(lastDay);
      ticker.start();
      for (const [i, proceeding] of proceedings.entries()) {
        await this.pause();
        const filings = await this.deps.reader.read(proceeding, lastDay);
        // Each filing read once for every release (a large proceeding has hundreds), a step at a time.
        const reading = await holdRead(filings.filings, () => this.pause());
        try {
          for (const release of pending) {
            await this.addRows(release, filings);
            await this.pause();
          }
        } finally {
          reading.release();
        }
        ticker.update(i + 1, proceedings.length);
      }
      await ticker.stop();
      for (const release of pending) {
        release.out.end();
        await once(release.out, 'finish');
      }
      let published = 0;
      for (const release of pending) {
        if (release.rows === 0) continue;
        const sequence = nextSequence.get(release.product.id) ?? 1;
        const file = await fileAsOfSequence(release, sequence);
        const result = await this.deps.releases.publish(release.product.id, file, {
          version: releaseVersionOf(release.asOf),
          asOf: release.asOf,
        });
        if (result.outcome === 'published') {
          published += 1;
          nextSequence.set(release.product.id, sequence + 1);
        }
        this.deps.logger.info(
          { product: release.product.id, asOf: release.asOf, rows: release.rows, outcome: result.outcome },
          'computed release published',
        );
      }
      await publish({
        status: 'succeeded',
        done: proceedings.length,
        total: proceedings.length,
        message: `${published} releases published from ${proceedings.length} proceedings`,
      });
      return published;
    } catch (error) {
      await ticker.stop();
      await publish({ status: 'failed', done: 0, total: 0, message: (error as Error).message }).catch(() => undefined);
      throw error;
    } finally {
      for (const release of pending) release.out.destroy();
      await rm(directory, { recursive: true, force: true });
    }
  }

  /** Between two steps: the event loop's other work first, and users' requests (see WAIT_FOR_QUIET_MS). */
  private async pause(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await this.deps.users?.whenQuiet(WAIT_FOR_QUIET_MS);
  }

  /** For each product, the month-ends after its latest release, and the number its next release gets. */
  private async releasesDue(days: readonly string[]) {
    const due: { product: ComputedProduct; asOf: string }[] = [];
    const nextSequence = new Map<string, number>();
    for (const product of this.deps.products) {
      const [latest] = await this.deps.releases.releases(product.id);
      nextSequence.set(product.id, (latest?.sequence ?? 0) + 1);
      for (const asOf of days) if (!latest || asOf > latest.asOf) due.push({ product, asOf });
    }
    return { due, nextSequence };
  }

  private async addRows(release: PendingRelease, filings: Parameters<ComputedProduct['rowsOf']>[0]): Promise<void> {
    for (const row of release.product.rowsOf(filings, release.asOf)) {
      release.rows += 1;
      if (!release.out.write(releaseLine(row))) await once(release.out, 'drain');
    }
  }
}

/**
 * The release file as published: a release numbered before the one that added the product's later
 * columns is written again without them (its number is known only now: a month without a row is no
 * release).
 */
async function fileAsOfSequence(release: PendingRelease, sequence: number): Promise<string> {
  const later = release.product.laterColumns;
  if (!later || sequence >= later.fromRelease) return release.file;
  const trimmed = release.file.replace(/\.jsonl$/, '-trimmed.jsonl');
  const out = createWriteStream(trimmed);
  for await (const line of createInterface({ input: createReadStream(release.file), crlfDelay: Infinity })) {
    if (line === '') continue;
    if (!out.write(`${withoutColumns(line, later.columns)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return trimmed;
}
