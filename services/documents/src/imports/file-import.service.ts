import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { IngestService } from '../documents';
import { docketItems, opinionItems, type RecognisedDocket, type RecognisedOpinions } from '../domain/court-records';
import type { IngestItem, IngestOutcome } from '../domain/ingest-item';
import { UnknownSourceError } from '../domain/known-sources';
import type { SourceDefinition } from '../domain/source.types';
import { parseSidecar, type Sidecar } from '../extraction';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';
import { completeAgencyFiling, isAgencyFiling } from './agency-filing-completion';
import { recogniseFile } from './file-recognition';
import { RunTally } from './run-tally';

export interface ImportProgress {
  done: number;
  total: number;
}

const SIDECAR_SUFFIXES = ['.meta.json', '.json'];

/** The run a file is imported in, and its source as the catalog describes it (when the importer has the catalog). */
interface ImportRun {
  runId: string;
  sourceId: string;
  requestedBy: string;
  source?: Pick<SourceDefinition, 'kind' | 'docketPattern'>;
}

/**
 * The files connector: every file under a directory (recursively, in path order) becomes a
 * document, with metadata from a `<file>.json` / `<file>.meta.json` sidecar when there is one. The
 * run's cursor is the last path counted, so a run resumed after a crash skips what is done; a file
 * the crashed attempt stored but did not count is stored once and counted once, as what it was.
 */
export class FileImportService {
  constructor(
    private readonly deps: {
      ingest: IngestService;
      runs: IngestionRunRepository;
      logger: Logger;
      /**
       * The catalog, for the source's kind and docket pattern
       * (an agency's PDFs are read for their docket, day, filer and title).
       */
      sources?: { find(id: string): Promise<Pick<SourceDefinition, 'kind' | 'docketPattern'> | undefined> };
    },
  ) {}

  async run(options: {
    runId: string;
    root: string;
    sourceId: string;
    requestedBy: string;
    signal?: AbortSignal;
    onProgress?: (p: ImportProgress) => void;
  }): Promise<ImportProgress> {
    const { runId, root, sourceId, requestedBy, signal, onProgress } = options;
    const run = await this.deps.runs.find(runId);
    if (!run) throw new InputError(`ingestion run ${runId} not found`);
    const { documents, sidecars } = await listFiles(root);
    const source = await this.deps.sources?.find(sourceId);
    const total = documents.length;
    // Paths sort like the cursor compares, so "after the cursor" is what no attempt has counted yet.
    const remaining = documents.filter((relative) => relative > run.cursor);
    let done = total - remaining.length;
    onProgress?.({ done, total });

    // Many files at once (their reads, extraction and round trips overlap, and the tally counts them in
    // bigger batches), but few large ones: each is held whole with its text while it is stored. The
    // tally counts them in path order with the cursor, so a resumed run neither skips a file nor
    // counts one twice.
    const tally = new RunTally(this.deps.runs, runId, run.cursor);
    const largeFile = pLimit(LARGE_FILES_AT_ONCE);
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (next < remaining.length && !failed) {
        if (signal?.aborted) return;
        const index = next++;
        const relative = remaining[index] as string;
        try {
          // One stat for both: the file's size decides its queue, its mtime dates it when no sidecar does.
          const info = await stat(path.join(root, relative));
          const importIt = () =>
            this.importFile(root, relative, sidecars.get(relative), info, { runId, sourceId, requestedBy, source });
          const { outcome, error } = await (info.size > LARGE_FILE_BYTES ? largeFile(importIt) : importIt());
          await tally.record(index, { position: relative, outcome, error });
        } catch (error) {
          failed = true; // nothing after this file can be counted in this attempt: the others stop too
          throw error;
        }
        done += 1;
        onProgress?.({ done, total });
      }
    };
    // Settled, not all: every worker finishes the file in hand before the run reports back.
    const results = await Promise.allSettled(Array.from({ length: IMPORT_CONCURRENCY }, worker));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    if (signal?.aborted && done < total) throw new Error('import interrupted by shutdown');
    return { done, total };
  }

  private async importFile(
    root: string,
    relative: string,
    sidecarPath: string | undefined,
    info: { mtime: Date; size: number },
    run: ImportRun,
  ) {
    const absolute = path.join(root, relative);
    const { record, unrecognised, bytes } = await recogniseFile(
      { relative, absolute, size: info.size, hasSidecar: sidecarPath !== undefined },
      this.deps.logger,
    );
    if (record?.kind === 'docket' && bytes) return this.importDocket(record, relative, absolute, bytes, run);
    if (record?.kind === 'opinions' && bytes) return this.importOpinions(record, relative, absolute, bytes, run);
    const modifiedAt = info.mtime;
    let sidecar: Sidecar = {};
    let sidecarError: string | undefined;
    if (sidecarPath) {
      try {
        sidecar = parseSidecar(await readFile(path.join(root, sidecarPath)));
      } catch (error) {
        sidecarError = `${sidecarPath}: ${(error as Error).message}`;
      }
    }
    const item: IngestItem = {
      sourceId: sidecar.sourceId ?? run.sourceId,
      connector: 'files',
      sourceDocumentId: relative,
      sourceUrl: sidecar.sourceUrl,
      runId: run.runId,
      createdBy: run.requestedBy,
      title: sidecar.title,
      filingTypeNative: sidecar.filingType,
      docketNumber: sidecar.docketNumber,
      filedAt: sidecar.filedAt ?? modifiedAt,
      filers: sidecar.filers,
      description: sidecar.description,
      // A page already read (to look for a docket's mark) is not read again.
      files: [{ fileName: path.basename(relative), path: absolute, size: info.size, ...(bytes ? { bytes } : {}) }],
    };
    let outcome: IngestOutcome;
    try {
      // An agency's filing is completed from its first pages once its text is extracted (in the one extraction).
      const agency = item.sourceId === run.sourceId && isAgencyFiling(relative, run.source?.kind);
      outcome = await this.deps.ingest.ingest(item, {
        unrecognisedReason: unrecognised,
        ...(agency ? { fromText: completeAgencyFiling(item, sidecar, run.source?.docketPattern ?? '') } : {}),
      });
    } catch (error) {
      // A sidecar naming a source nobody defined: the file is not stored (it would define the source), and
      // the run's report says why; the other files go on.
      if (!(error instanceof UnknownSourceError)) throw error;
      const message = `${sidecarPath ?? relative}: ${error.message}`;
      return { outcome: 'failed' as const, error: { item: relative, reason: 'unknown_source', message } };
    }
    const error =
      outcome.outcome === 'failed'
        ? { item: relative, reason: outcome.reason ?? 'failed', message: outcome.message ?? '' }
        : sidecarError
          ? { item: relative, reason: 'invalid_sidecar', message: sidecarError }
          : undefined;
    return { outcome: outcome.outcome, error };
  }

  /**
   * A court's docket report: the report (which carries the case's header and parties to its docket),
   * then its entries in order, each a filing of the docket; entries already stored are duplicates, so
   * a later report of the same docket adds only its new entries.
   */
  private async importDocket(
    record: RecognisedDocket,
    relative: string,
    absolute: string,
    bytes: Buffer,
    run: ImportRun,
  ) {
    const { report, entries } = docketItems(record, {
      sourceId: run.sourceId,
      sourceDocumentId: relative,
      fileName: path.basename(relative),
      path: absolute,
      bytes,
      runId: run.runId,
      createdBy: run.requestedBy,
    });
    const first = await this.deps.ingest.ingest(report);
    if (first.outcome === 'failed')
      return {
        outcome: 'failed' as const,
        error: { item: relative, reason: first.reason ?? 'failed', message: first.message ?? '' },
      };
    const outcomes = [first];
    for (const entry of entries) outcomes.push(await this.deps.ingest.ingest(entry));
    return { outcome: combinedOutcome(outcomes), error: undefined };
  }

  /**
   * A court's opinion page: one opinion is the page itself; a listing is kept as one document, and each
   * opinion it lists becomes its own (see opinionItems). Opinions already stored are duplicates, so the
   * page imported again adds only those it did not list before.
   */
  private async importOpinions(
    record: RecognisedOpinions,
    relative: string,
    absolute: string,
    bytes: Buffer,
    run: ImportRun,
  ) {
    const { page, opinions } = opinionItems(record, {
      sourceId: run.sourceId,
      sourceDocumentId: relative,
      fileName: path.basename(relative),
      path: absolute,
      bytes,
      runId: run.runId,
      createdBy: run.requestedBy,
    });
    const first = await this.deps.ingest.ingest(page);
    if (first.outcome === 'failed')
      return {
        outcome: 'failed' as const,
        error: { item: relative, reason: first.reason ?? 'failed', message: first.message ?? '' },
      };
    // A few at a time: a listing may name hundreds, and their writes batch together.
    const some = pLimit(OPINIONS_AT_ONCE);
    const outcomes = await Promise.all(opinions.map((opinion) => some(() => this.deps.ingest.ingest(opinion))));
    return { outcome: combinedOutcome([first, ...outcomes]), error: undefined };
  }
}

/** How many of a listing's opinions are stored at once. */
const OPINIONS_AT_ONCE = 8;

/**
 * A run's outcome for a file that became several documents: new when any is, else updated when any is,
 * else a duplicate.
 */
function combinedOutcome(outcomes: readonly IngestOutcome[]): IngestOutcome['outcome'] {
  for (const kind of ['new', 'updated'] as const) if (outcomes.some((o) => o.outcome === kind)) return kind;
  return 'duplicate';
}

/**
 * How many files an import works on at once. 16 rather than 3: 84.6 instead of 74 text filings a
 * second, 22.8 instead of 26.3 CPU ms each (bench/ingest-throughput.bench.ts).
 */
export const IMPORT_CONCURRENCY = 16;
/**
 * Of those, how many larger than LARGE_FILE_BYTES (as many as before: the peak memory of a PDF import stays as it was).
 */
export const LARGE_FILES_AT_ONCE = 3;
export const LARGE_FILE_BYTES = 1024 * 1024;

/** Every file under `root` as a posix relative path, sorted; sidecars paired with the file they describe. */
export async function listFiles(root: string): Promise<{ documents: string[]; sidecars: Map<string, string> }> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory())
    throw new InputError(`${root} is not a directory`, [{ path: 'path', message: 'must be an existing directory' }]);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const all = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const present = new Set(all);
  const byStem = new Map<string, string[]>();
  for (const file of all) {
    if (file.endsWith('.json')) continue;
    const stem = file.replace(/\.[^./]+$/, '');
    byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
  }
  const sidecars = new Map<string, string>();
  const documents: string[] = [];
  for (const file of all) {
    const target = sidecarTarget(file, present, byStem);
    if (target) sidecars.set(target, file);
    else documents.push(file);
  }
  return { documents, sidecars };
}

/** `a.pdf.json`, `a.pdf.meta.json` and `a.json` (beside `a.pdf`) describe `a.pdf`. */
function sidecarTarget(file: string, present: Set<string>, byStem: Map<string, string[]>): string | undefined {
  for (const suffix of SIDECAR_SUFFIXES) {
    if (!file.endsWith(suffix)) continue;
    const base = file.slice(0, -suffix.length);
    if (present.has(base) && !base.endsWith('.json')) return base;
    const stemMatches = byStem.get(base) ?? [];
    if (stemMatches.length === 1) return stemMatches[0];
  }
  return undefined;
}
