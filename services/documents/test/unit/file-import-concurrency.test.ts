import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { IngestService } from '../../src/documents/ingest.service';
import type { IngestItem, IngestOutcome } from '../../src/domain/ingest-item';
import type { IngestionRun } from '../../src/domain/ingestion-run.types';
import {
  FileImportService,
  IMPORT_CONCURRENCY,
  LARGE_FILE_BYTES,
  LARGE_FILES_AT_ONCE,
} from '../../src/imports/file-import.service';
import type { IngestionRunRepository } from '../../src/store/ingestion-run.repository';

const SMALL = 12;
const LARGE = 6;
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

/** A run record that takes every count (the counting itself is run-tally.test.ts's). */
const runs = {
  find: async () => ({ cursor: '' }) as IngestionRun,
  advance: async () => true,
} as unknown as IngestionRunRepository;

describe('FileImportService: how many files at once', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'import-concurrency-'));
    // Small files first in path order, so the workers take them all before the large ones.
    for (let i = 0; i < SMALL; i++)
      writeFileSync(path.join(root, `a-${String(i).padStart(2, '0')}.txt`), 'a short filing\n');
    const large = Buffer.alloc(LARGE_FILE_BYTES + 1, 'x');
    for (let i = 0; i < LARGE; i++) writeFileSync(path.join(root, `b-${i}.txt`), large);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(`works on more than the old three small files at once, at most ${LARGE_FILES_AT_ONCE} large ones`, async () => {
    const inFlight = { small: 0, large: 0 };
    const most = { small: 0, large: 0 };
    let smallStarted = 0;
    const ingest = async (item: IngestItem): Promise<IngestOutcome> => {
      const kind = (item.files?.[0]?.fileName ?? '').startsWith('a-') ? 'small' : 'large';
      inFlight[kind] += 1;
      most[kind] = Math.max(most[kind], inFlight[kind]);
      if (kind === 'small') {
        smallStarted += 1;
        // Held until four are in flight (or every small one has started): a pool of three never gets there.
        while (inFlight.small < 4 && smallStarted < SMALL) await nextTick();
      } else {
        for (let i = 0; i < 5; i++) await nextTick(); // a while in hand, for the others to try to join
      }
      inFlight[kind] -= 1;
      return { outcome: 'new', documentId: item.sourceDocumentId };
    };
    const service = new FileImportService({
      ingest: { ingest } as unknown as IngestService,
      runs,
      logger: pino({ level: 'silent' }),
    });

    const result = await service.run({ runId: 'run-1', root, sourceId: 'uploads', requestedBy: 'test' });

    expect(result).toEqual({ done: SMALL + LARGE, total: SMALL + LARGE });
    expect(most.small).toBeGreaterThanOrEqual(4);
    expect(most.small).toBeLessThanOrEqual(IMPORT_CONCURRENCY);
    expect(most.large).toBe(LARGE_FILES_AT_ONCE);
  });
});
