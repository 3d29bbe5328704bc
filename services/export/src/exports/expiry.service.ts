import type { ExportBlobStore } from '../blob/export-blob-store';
import type { ExportRepository } from './export.repository';

/** A partial file this old belongs to no live run (a run saves progress far more often). */
const PARTIAL_AGE_MS = 24 * 3600 * 1000;
const BATCH = 100;

/**
 * Removes the files of exports past their expiry (the record stays and says it expired)
 * and partials left by killed workers.
 */
export class ExpiryService {
  constructor(private readonly deps: { exports: ExportRepository; blobs: ExportBlobStore }) {}

  async sweep(now: Date): Promise<{ expired: number; partials: number }> {
    let expired = 0;
    for (;;) {
      const due = await this.deps.exports.findExpired(now, BATCH);
      for (const record of due) {
        // File first: a crash between the two leaves a record the next sweep finishes.
        if (record.file) await this.deps.blobs.delete(record.file.key);
        if (await this.deps.exports.markExpired(record.id)) expired++;
      }
      if (due.length < BATCH) break;
    }
    const partials = await this.deps.blobs.sweepPartials(PARTIAL_AGE_MS);
    return { expired, partials };
  }
}
