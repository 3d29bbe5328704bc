import type { Logger } from '@docket/observability';
import { docketEntryMark, docketListingKey, leadOf, type DocketEntryMark } from '../domain/docket-entries';
import type { ConnectorCursorRepository } from '../store/connector-cursor.repository';
import type { DocumentRepository, UnlistedFiling } from '../store/document.repository';

const BATCH = 200;
// Where the pass stopped, kept beside the connectors' cursors: a restart goes on from there.
const CURSOR = { connector: 'maintenance', key: 'docket-listing-v1' };
const DONE = 'done';

/**
 * Gives the filings stored before dockets' listings were kept their place in their docket's
 * listing, once: every write since sets it. Runs in the background, a batch at a time, and stops
 * between batches when asked to. A database that starts empty has nothing to give it to.
 */
export class DocketListingBackfill {
  constructor(
    private readonly deps: {
      documents: DocumentRepository;
      cursors: ConnectorCursorRepository;
      logger: Logger;
      /** Resolves when users leave room for a batch (their requests come first). */
      quiet?: () => Promise<void>;
    },
  ) {}

  /** Before anything is stored: every filing will get its place as it is written. */
  async skipIfEmpty(): Promise<void> {
    if (
      (await this.deps.cursors.get(CURSOR.connector, CURSOR.key)) === undefined &&
      (await this.deps.documents.count()) === 0
    ) {
      await this.deps.cursors.set(CURSOR.connector, CURSOR.key, DONE);
    }
  }

  /** Returns how many filings were given their place in this run. */
  async run(signal?: AbortSignal): Promise<number> {
    let after = await this.deps.cursors.get(CURSOR.connector, CURSOR.key);
    if (after === DONE) return 0;
    let listed = 0;
    while (!signal?.aborted) {
      await this.deps.quiet?.();
      const { unlisted, next } = await this.deps.documents.unlistedAfter(after, BATCH);
      await this.deps.documents.setDocketListing(unlisted.map(listingOf));
      listed += unlisted.length;
      if (!next) {
        await this.deps.cursors.set(CURSOR.connector, CURSOR.key, DONE);
        if (listed > 0)
          this.deps.logger.info({ documents: listed }, "gave stored filings their place in their docket's listing");
        return listed;
      }
      after = next;
      await this.deps.cursors.set(CURSOR.connector, CURSOR.key, after);
    }
    return listed;
  }
}

function listingOf(filing: UnlistedFiling): {
  id: string;
  docketEntry?: DocketEntryMark;
  docketOrder: string;
  lead: string;
} {
  const docketEntry = filing.docketEntry ?? entryOfImport(filing);
  return {
    id: filing.id,
    ...(docketEntry ? { docketEntry } : {}),
    docketOrder: docketListingKey(filing.docketId, filing.id, { docketEntry, filedAt: filing.filedAt }),
    lead: leadOf(filing.text, docketEntry),
  };
}

/**
 * An entry a docket report's import stored before entries were marked: its id at the source ends
 * in "/entry/<key>" and its description is "Docket entry N" (see docketItems).
 */
function entryOfImport(filing: UnlistedFiling): DocketEntryMark | undefined {
  if (!/\/entry\/[^/]+$/u.test(filing.sourceDocumentId)) return undefined;
  const described = /^Docket entry(?: (\S+))?$/u.exec(filing.description);
  return described ? docketEntryMark(described[1] ?? '') : undefined;
}
