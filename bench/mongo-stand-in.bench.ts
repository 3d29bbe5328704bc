/**
 * The MongoDB stand-in's cost per filing on its H2 file store, for the writes the documents service
 * makes per filing (figures, never pass/fail): the insert (document + its outbox event), the outbox
 * relay's $pull once the event is sent (as the service does, handed to the counters' flag write, which
 * removes it in the same write; --pull separate: a bulk write of its own per batch, as before), and the
 * counters (the service's own StatsProjector: sources, dockets, entity profiles, activity, then the
 * statsApplied flag), which count a batch of filings at a time: as many as arrive within its delay
 * (--counted-every; 15 is a second at this machine's loading rate). CPU of the stand-in's process
 * from /proc, per window of filings, so a cost that grows with the collection shows; then one relay
 * pass's scan.
 *
 *   npx tsx bench/mongo-stand-in.bench.ts                       # 6,000 filings, the jar in .cache/mongo
 *   npx tsx bench/mongo-stand-in.bench.ts --filings 3000 --jar /tmp/old/mongo-stand-in.jar --counted-every 75
 *   npx tsx bench/mongo-stand-in.bench.ts --filings 3000 --window 1000 --pull separate
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mongoose, { Types } from 'mongoose';
import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { ensureJars, freePort, startMongo } from '@docket/local-infra';
import { StatsProjector } from '../services/documents/src/documents/stats.projector';
import { contentSha256 } from '../services/documents/src/domain/document';
import { DEFAULT_DOCKET_PATTERNS } from '../services/documents/src/domain/entities/default-docket-patterns';
import { analyseText } from '../services/documents/src/domain/text-analysis';
import { ActivityRepository } from '../services/documents/src/store/activity.repository';
import { DocketRepository } from '../services/documents/src/store/docket.repository';
import { DocumentRepository, type NewDocumentRecord } from '../services/documents/src/store/document.repository';
import { EntityRepository } from '../services/documents/src/store/entity.repository';
import { SourceRepository } from '../services/documents/src/store/source.repository';
import { printTable, round, writeBenchResult } from './support/bench-output';
import { cpuSecondsOf } from './support/bench-stack';

const { values: args } = parseArgs({
  options: {
    filings: { type: 'string', default: '6000' },
    window: { type: 'string', default: '2000' },
    jar: { type: 'string' },
    'counted-every': { type: 'string', default: '15' },
    // with-flag: the relay hands published events to the counters' flag write, as the service does
    // (StatsProjector.carryPulls); separate: its own $pull, as before
    pull: { type: 'string', default: 'with-flag' },
  },
});
const FILINGS = Number(args.filings);
const WINDOW = Number(args.window);
const SEED = 'bench-mongo-stand-in';
/** As the relay sends them while a load runs (kicks gathered during one send) and as the counters flag them. */
const RELAY_BATCH = 16;
const COUNTED_EVERY = Number(args['counted-every']);
const PULL_WITH_FLAG = args.pull !== 'separate';

function recordOf(
  filing: ReturnType<typeof generateFilings> extends Iterable<infer F> ? F : never,
  index: number,
): NewDocumentRecord {
  const text = filing.pages.join('\n\n');
  const now = new Date();
  return {
    title: filing.title,
    text,
    pages: filing.pages.map((page, i) => ({ number: i + 1, start: 0, end: page.length })),
    sourceId: filing.sourceId,
    docketId: `${filing.sourceId}:${filing.docketNumber}`,
    docketNumber: filing.docketNumber,
    filingType: filing.filingTypeNative,
    filingCategory: 'Other',
    filedAt: new Date(filing.filedAt),
    filers: filing.filers,
    description: filing.description,
    language: 'en',
    sha256: contentSha256(filing.title, `${text}#${index}`),
    createdBy: '',
    createdAt: now,
    updatedAt: now,
    attachments: [],
    provenance: {
      connector: 'bench',
      sourceDocumentId: filing.sourceDocumentId,
      sourceUrl: '',
      runId: 'bench',
      createdByRunId: 'bench',
    },
    provenanceKey: `${filing.sourceId}|${filing.sourceDocumentId}|${index}`,
    ...analyseText(text, DEFAULT_DOCKET_PATTERNS),
  };
}

async function main(): Promise<void> {
  const jars = await ensureJars((m) => console.error(m));
  const jar = args.jar ?? jars.mongoJar;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-standin-'));
  const mongo = await startMongo({
    jars: { ...jars, mongoJar: jar },
    dir,
    port: await freePort(),
    storage: 'h2',
    maxHeap: '1g',
  });
  const connection = await mongoose.createConnection(mongo.url, { dbName: 'documents' }).asPromise();
  const cpu = () => cpuSecondsOf(mongo.process.pid) ?? NaN;
  try {
    const documents = new DocumentRepository(connection);
    await documents.init();
    const dockets = new DocketRepository(connection);
    await dockets.init();
    const silent = { error: () => undefined } as unknown as ConstructorParameters<typeof StatsProjector>[0]['logger'];
    // Flushed by hand every COUNTED_EVERY filings (its own timer never fires first).
    const projector = new StatsProjector(
      {
        documents,
        sources: new SourceRepository(connection),
        dockets,
        entities: new EntityRepository(connection),
        activity: new ActivityRepository(connection),
        logger: silent,
      },
      100_000,
      3_600_000,
    );
    const catalog = generateCatalog(SEED);
    const filings = generateFilings(SEED, catalog, generateDockets(SEED, catalog, 500), {
      count: FILINGS,
      pdfShare: 0,
    });
    const windows: Array<{ upTo: number; cpuMsPerFiling: number; wallMsPerFiling: number }> = [];
    let sent: Array<{ id: string; eventId: string }> = [];
    let windowCpu = cpu();
    let windowWall = performance.now();
    let index = 0;
    let bytes = 0;
    for (const filing of filings) {
      const record = recordOf(filing, index);
      const id = documents.newId();
      const eventId = `event-${index}`;
      const payload = Buffer.from(record.text); // the event carries the text, as documents.ingested does
      bytes += payload.length;
      await documents.insert(id, record, [{ eventId, topic: 'documents.ingested.v1', key: id, payload }]);
      sent.push({ id, eventId });
      projector.add({ id, ...record });
      if (sent.length >= RELAY_BATCH) {
        if (PULL_WITH_FLAG) {
          await documents.pullEvents(projector.carryPulls(sent.map((s) => ({ id: s.id, eventIds: [s.eventId] }))));
        } else {
          await documents.model.bulkWrite(
            sent.map((s) => ({
              updateOne: {
                filter: { _id: new Types.ObjectId(s.id) },
                update: { $pull: { pendingEvents: { eventId: { $in: [s.eventId] } } } } as never,
              },
            })),
            { ordered: false },
          );
        }
        sent = [];
      }
      if ((index + 1) % COUNTED_EVERY === 0) await projector.flush();
      index += 1;
      if (index % WINDOW === 0) {
        const now = cpu();
        windows.push({
          upTo: index,
          cpuMsPerFiling: round(((now - windowCpu) * 1000) / WINDOW, 2),
          wallMsPerFiling: round((performance.now() - windowWall) / WINDOW, 2),
        });
        console.log(
          `${index} filings: stand-in ${windows.at(-1)?.cpuMsPerFiling} CPU ms per filing; ` +
            `load ${round(os.loadavg()[0] ?? 0, 1)}`,
        );
        windowCpu = now;
        windowWall = performance.now();
      }
    }
    // A relay pass looks for documents with events still pending: none are, so it reads them all.
    const scanCpu = cpu();
    const scanStarted = performance.now();
    await documents.model
      .find({ 'pendingEvents.eventId': { $exists: true } }, { pendingEvents: 1 })
      .limit(100)
      .lean();
    const scan = { cpuMs: round((cpu() - scanCpu) * 1000), wallMs: round(performance.now() - scanStarted) };
    const fileMb = round(fs.statSync(path.join(dir, 'mongo.mv')).size / 2 ** 20);
    const loadAverage1m = round(os.loadavg()[0] ?? 0, 2);
    printTable(
      `MongoDB stand-in (H2 file), ${FILINGS} filings, ${round(bytes / FILINGS / 1024)} KB of text each, ` +
        `counted ${COUNTED_EVERY} at a time, events pulled ${PULL_WITH_FLAG ? 'with the flag' : 'separately'} ` +
        `(${path.basename(path.dirname(jar))}/${path.basename(jar)})`,
      [
        ...windows.map((w): [string, string] => [
          `CPU ms per filing, filings up to ${w.upTo}`,
          `${w.cpuMsPerFiling}   (wall ${w.wallMsPerFiling} ms)`,
        ]),
        [`one relay pass's scan of ${FILINGS} documents`, `${scan.cpuMs} CPU ms, ${scan.wallMs} ms wall`],
        ['H2 file size', `${fileMb} MB`],
        ['load average (1 min) at the end', String(loadAverage1m)],
      ],
    );
    const file = writeBenchResult('mongo-stand-in', {
      jar,
      filings: FILINGS,
      countedEvery: COUNTED_EVERY,
      pullWithFlag: PULL_WITH_FLAG,
      windows,
      scan,
      fileMb,
      loadAverage1m,
    });
    console.log(`written to ${file}`);
  } finally {
    await connection.close();
    await mongo.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
