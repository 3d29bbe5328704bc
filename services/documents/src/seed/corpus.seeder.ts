import { setTimeout as sleep } from 'node:timers/promises';
import {
  corpusShiftMs,
  DEFAULT_CORPUS_SEED,
  generateCatalog,
  generateDockets,
  generateFilings,
  renderFilingPdf,
  type Docket,
  type Filing,
  type Source,
} from '@docket/corpus';
import type { Logger } from '@docket/observability';
import type { UserActivity } from '@docket/service-kit';
import type { CatalogService, CorpusLoadProgress } from '../catalog';
import type { IngestService } from '../documents';
import type { IngestItem, IngestOutcomeKind } from '../domain/ingest-item';
import type { RunError } from '../domain/ingestion-run.types';
import { UPLOADS_SOURCE } from '../domain/known-sources';
import type { SourceDefinition } from '../domain/source.types';
import type { DocumentRepository } from '../store/document.repository';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';
import type { SourceRepository } from '../store/source.repository';

export const CORPUS_SEED = DEFAULT_CORPUS_SEED;
export const CORPUS_CONNECTOR = 'corpus';
const DAY_MS = 24 * 3_600_000;
/**
 * Filings in flight at once. Each spends most of its time waiting (MongoDB, the blob store, the outbox's
 * send), so with 4 the load was bound by those waits, not the CPU: 44.8 filings/s with a third of the
 * machine idle, 52.8 with 16 (bench/corpus-load, load 7).
 */
const CONCURRENCY = 16;
/**
 * While users are asking this service for something (UserActivity), one filing at a time with this
 * pause after each (at most some 8 a second): the load goes on, and their requests do not queue
 * behind sixteen filings' work on the event loop and the machine's two cores. A document request
 * while the corpus loaded, p50 / p99 (bench/serving-throughput, loading phase): sixteen in flight,
 * 0.8 / 1.4 s; two, 0.16 / 0.5 s; one with this pause, 6 / 155 ms.
 */
const PAUSE_WHILE_USERS_ASK_MS = 100;
const PROGRESS_EVERY_MS = 5_000;

/** Sources that exist whatever is loaded: files users import or upload, and the two public APIs. */
export const BUILT_IN_SOURCES: SourceDefinition[] = [
  UPLOADS_SOURCE,
  {
    id: 'federal-register',
    name: 'Federal Register',
    shortName: 'FR',
    kind: 'agency',
    jurisdiction: 'Federal',
    state: 'US',
    homeUrl: 'https://www.federalregister.gov',
    docketPattern: '',
    publishesNativeFilingTypes: true,
    industries: [],
    filingTypes: [
      { native: 'Rule', category: 'Order' },
      { native: 'Proposed Rule', category: 'Notice' },
      { native: 'Notice', category: 'Notice' },
      { native: 'Presidential Document', category: 'Notice' },
    ],
  },
  {
    id: 'courtlistener',
    name: 'CourtListener (federal courts)',
    shortName: 'CourtListener',
    kind: 'court',
    jurisdiction: 'Federal',
    state: 'US',
    homeUrl: 'https://www.courtlistener.com',
    docketPattern: '',
    publishesNativeFilingTypes: true,
    industries: [],
    filingTypes: [
      { native: 'Opinion', category: 'Decision' },
      { native: 'Docket entry', category: 'Notice' },
    ],
  },
];

export function sourceDefinitionOf(source: Source): SourceDefinition {
  return {
    id: source.id,
    name: source.name,
    shortName: source.shortName,
    kind: source.kind,
    jurisdiction: source.jurisdiction,
    state: source.state,
    homeUrl: source.homeUrl,
    docketPattern: source.docketPattern,
    publishesNativeFilingTypes: source.publishesNativeFilingTypes,
    industries: [...source.industries],
    filingTypes: source.filingTypes.map((t) => ({ native: t.native, category: t.category })),
  };
}

// The shift lives with the corpus (@docket/corpus) so the browser journey can compute the truth of what was loaded.
export { corpusShiftMs };

/**
 * One generated filing as the ingestion pipeline takes it; a share come with a real PDF rendered from
 * their pages. `shiftMs` moves the docket's dates; the filing comes already shifted (generateFilings'
 * shiftDays), so its filedAt, its text's dates and its PDF header agree. Its `statements` (the
 * generator's truth, for evaluation) are not taken.
 */
export async function corpusItem(
  filing: Filing,
  docket: Docket | undefined,
  shiftMs: number,
  runId: string,
): Promise<IngestItem> {
  const shift = (iso: string | null | undefined) => (iso ? new Date(Date.parse(iso) + shiftMs) : undefined);
  return {
    sourceId: filing.sourceId,
    connector: CORPUS_CONNECTOR,
    sourceDocumentId: filing.sourceDocumentId,
    runId,
    title: filing.title,
    filingTypeNative: filing.filingTypeNative,
    docketNumber: filing.docketNumber,
    docketNumberRaw: docket?.numberRaw,
    docketTitle: docket?.title,
    docketStatus: docket?.status,
    docketOpenedAt: shift(docket?.openedAt),
    docketClosedAt: shift(docket?.closedAt),
    industry: docket?.industry,
    parties: docket?.parties.map((p) => ({
      name: p.name,
      role: p.role,
      kind: p.kind,
      representative: p.representative,
    })),
    filedAt: new Date(filing.filedAt),
    filers: filing.filers,
    description: filing.description,
    pages: filing.pages,
    files: filing.hasPdf
      ? [
          {
            fileName: `${filing.sourceDocumentId}.pdf`,
            contentType: 'application/pdf',
            bytes: Buffer.from(await renderFilingPdf(filing)),
            knownPages: filing.pages,
          },
        ]
      : [],
  };
}

/**
 * The first worker goes on after a pause; the others wait until users are quiet (looking up each second for a stop).
 */
async function stepBack(
  users: Pick<UserActivity, 'busy' | 'whenQuiet'>,
  worker: number,
  signal: AbortSignal,
): Promise<void> {
  if (worker === 0) {
    await sleep(PAUSE_WHILE_USERS_ASK_MS);
    return;
  }
  while (users.busy && !signal.aborted) await users.whenQuiet(1_000);
}

/**
 * Loads the default corpus (sources, dockets, filings) when the
 * database is empty, or finishes a load a crash interrupted: ingestion is idempotent by source id,
 * so the filings already in are skipped. Each source gets an ingestion run with real counts.
 */
export async function seedCorpusIfEmpty(deps: {
  catalog: CatalogService;
  ingest: IngestService;
  runs: IngestionRunRepository;
  sources: SourceRepository;
  documents: DocumentRepository;
  filings: number;
  dockets: number;
  /** The generator's seed; the default corpus's unless an evaluation asks for another. */
  seed?: string | undefined;
  signal: AbortSignal;
  logger: Logger;
  /** Told how far the load is, for GetCatalogStatus. */
  progress?: CorpusLoadProgress;
  /** Users' requests to this service: while they come, the load steps back. */
  users?: Pick<UserActivity, 'busy' | 'whenQuiet'>;
  now?: Date;
}): Promise<void> {
  const { catalog: catalogService, ingest, runs, logger, signal } = deps;
  const previous = (await runs.recent(1000)).filter((run) => run.connector === CORPUS_CONNECTOR);
  // Runs come newest first: the latest corpus run tells whether the last load finished.
  if (previous.length > 0 ? previous[0]?.status === 'succeeded' : (await deps.documents.count()) > 0) return;

  const started = Date.now();
  const now = deps.now ?? new Date();
  const shiftMs = corpusShiftMs(now);
  const seed = deps.seed ?? CORPUS_SEED;
  const catalog = generateCatalog(seed);
  const dockets = generateDockets(seed, catalog, deps.dockets);
  const docketByNumber = new Map(dockets.map((d) => [`${d.sourceId}|${d.number}`, d]));
  await catalogService.defineSources(catalog.sources.map(sourceDefinitionOf));
  logger.info({ filings: deps.filings, sources: catalog.sources.length }, 'loading the default corpus');
  deps.progress?.begin(deps.filings);

  const runIds = new Map<string, string>();
  for (const source of catalog.sources) {
    runIds.set(
      source.id,
      (
        await runs.start({
          sourceId: source.id,
          connector: CORPUS_CONNECTOR,
          target: `generated corpus (seed ${seed})`,
        })
      ).id,
    );
  }
  const counts = new Map<string, Partial<Record<IngestOutcomeKind, number>>>();
  const errors = new Map<string, RunError[]>();
  const filings = generateFilings(seed, catalog, dockets, { count: deps.filings, shiftDays: shiftMs / DAY_MS });
  let done = 0;

  const worker = async (index: number) => {
    for (;;) {
      if (deps.users?.busy) await stepBack(deps.users, index, signal);
      if (signal.aborted) return;
      const next = filings.next();
      if (next.done) return;
      const filing = next.value;
      const runId = runIds.get(filing.sourceId) ?? '';
      const item = await corpusItem(
        filing,
        docketByNumber.get(`${filing.sourceId}|${filing.docketNumber}`),
        shiftMs,
        runId,
      );
      const outcome = await ingest.ingest(item);
      const bySource = counts.get(filing.sourceId) ?? {};
      bySource[outcome.outcome] = (bySource[outcome.outcome] ?? 0) + 1;
      counts.set(filing.sourceId, bySource);
      if (outcome.outcome === 'failed')
        errors.set(filing.sourceId, [
          ...(errors.get(filing.sourceId) ?? []),
          { item: filing.sourceDocumentId, reason: outcome.reason ?? '', message: outcome.message ?? '' },
        ]);
      done += 1;
      deps.progress?.stored(1);
    }
  };
  // A progress line every few seconds (in `npm start`'s output): how many are stored, how fast, how long is left.
  const progress = setInterval(() => {
    const seconds = (Date.now() - started) / 1000;
    const perSecond = done / Math.max(seconds, 1);
    const secondsLeft = perSecond > 0 ? Math.round((deps.filings - done) / perSecond) : undefined;
    logger.info(
      { stored: done, of: deps.filings, perSecond: Math.round(perSecond), secondsLeft },
      `default corpus: ${done} of ${deps.filings} filings stored`,
    );
  }, PROGRESS_EVERY_MS);
  progress.unref();
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)));
  } finally {
    clearInterval(progress);
  }

  for (const [sourceId, runId] of runIds) {
    await runs.addCounts(runId, counts.get(sourceId) ?? {}, errors.get(sourceId));
    await runs.finish(runId, signal.aborted ? 'interrupted' : 'succeeded');
  }
  if (!signal.aborted) deps.progress?.finish();
  logger.info(
    { filings: done, seconds: Math.round((Date.now() - started) / 1000), interrupted: signal.aborted },
    'default corpus loaded',
  );
}
