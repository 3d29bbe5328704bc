import type { Logger } from '@docket/observability';
import type { Document } from '../domain/document.types';
import { classifyFiling, FILING_CLASSIFIER_VERSION } from '../domain/filing-classifier';
import type { ConnectorCursorRepository } from '../store/connector-cursor.repository';
import type { DocketRepository } from '../store/docket.repository';
import type { DocumentRepository } from '../store/document.repository';
import { documentUpdatedEvent, type DocumentsTopics } from './document-changes.event';
import type { OutboxKicker } from './ingest.service';

const BATCH = 200;
// Where the pass stopped, kept beside the connectors' cursors: a restart goes on from there.
const CURSOR = { connector: 'maintenance', key: `filing-types-v${FILING_CLASSIFIER_VERSION}` };
const DONE = 'done';

/**
 * Gives every stored document the type the current classifier assigns, once per classifier version:
 * documents imported before it changed keep their old type otherwise. A changed document is
 * republished (documents.updated.v1) so that the search index and the answers follow. Runs in the
 * background, a batch at a time, and stops between batches when asked to.
 */
export class FilingTypeRefresh {
  constructor(
    private readonly deps: {
      documents: DocumentRepository;
      dockets: DocketRepository;
      cursors: ConnectorCursorRepository;
      sourceName: (sourceId: string) => Promise<string>;
      outbox: OutboxKicker;
      topics: Pick<DocumentsTopics, 'updated'>;
      logger: Logger;
      /** Resolves when users leave room for a batch (their requests come first). */
      quiet?: () => Promise<void>;
    },
  ) {}

  /** Returns how many documents changed type in this run. */
  async run(signal?: AbortSignal): Promise<number> {
    let after = await this.deps.cursors.get(CURSOR.connector, CURSOR.key);
    if (after === DONE) return 0;
    let changed = 0;
    while (!signal?.aborted) {
      await this.deps.quiet?.();
      const batch = await this.deps.documents.listAfter(after, BATCH);
      if (batch.length === 0) {
        await this.deps.cursors.set(CURSOR.connector, CURSOR.key, DONE);
        if (changed > 0)
          this.deps.logger.info(
            { documents: changed },
            'gave stored documents the filing types the current classifier assigns',
          );
        return changed;
      }
      changed += await this.retype(batch);
      after = batch.at(-1)!.id;
      await this.deps.cursors.set(CURSOR.connector, CURSOR.key, after);
    }
    return changed;
  }

  private async retype(batch: Document[]): Promise<number> {
    const changes = [];
    for (const document of batch) {
      const firstPage = document.pages[0]
        ? document.text.slice(document.pages[0].start, document.pages[0].end)
        : undefined;
      const { category } = classifyFiling({ title: document.title, nativeType: document.filingType, firstPage });
      if (category === document.filingCategory) continue;
      const docket = document.docketId ? await this.deps.dockets.find(document.docketId) : undefined;
      const event = documentUpdatedEvent(
        {
          ...document,
          filingCategory: category,
          sourceName: await this.deps.sourceName(document.sourceId),
          parties: (docket?.parties ?? []).map((party) => party.name),
        },
        this.deps.topics.updated,
      );
      changes.push({ id: document.id, filingCategory: category, event });
    }
    await this.deps.documents.setFilingCategories(changes);
    if (changes.length > 0) await this.deps.outbox.kick(changes.map((change) => change.id));
    return changes.length;
  }
}
