import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@docket/observability';
import type { DocumentSource } from '../domain/document-source';

export interface RefillCreatedIndexDeps {
  source: Pick<DocumentSource, 'listDocuments'>;
  /** Queues the re-index (startReindex with the service's queue and process publisher). */
  startReindex: (requestedBy: string) => Promise<unknown>;
  logger: Logger;
  /** Aborted when the service stops: the wait for the documents service ends. */
  signal: AbortSignal;
  /** Back-off between attempts to reach the documents service, doubling from `firstMs` up to `maxMs`. */
  retry?: { firstMs: number; maxMs: number };
}

export type RefillOutcome = 'queued' | 'nothing-to-index' | 'stopped';

export const REFILL_REQUESTED_BY =
  'query-engine: the index was created empty (a lost volume?) while the documents service has documents';

/** The part of a kafkajs admin client that indexerHasCommitted uses. */
export interface OffsetsAdmin {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  fetchOffsets(options: {
    groupId: string;
    topics: string[];
  }): Promise<{ topic: string; partitions: { offset: string }[] }[]>;
}

/** Tries of a fetch that Kafka answers with a retriable error (a coordinator still loading), 500 ms apart. */
const OFFSET_FETCH_TRIES = 20;
const OFFSET_FETCH_RETRY_MS = 500;

/**
 * Whether the indexer's consumer group has committed offsets on the document topics. A group without
 * any (a fresh install) starts from the beginning of every topic and so refills an empty index by
 * itself; a group with offsets (an index lost with its volume) reads only what comes next. When Kafka
 * cannot say, the answer is yes: a needless re-index costs time, a missing one loses documents. A
 * retriable answer is asked again first: on a fresh install the group coordinator is often still
 * loading ("not the correct coordinator"), and taking that for "cannot say" re-indexed the whole
 * corpus being loaded on every first start.
 */
export async function indexerHasCommitted(
  admin: OffsetsAdmin,
  groupId: string,
  topics: string[],
  logger: Logger,
  retryMs = OFFSET_FETCH_RETRY_MS,
): Promise<boolean> {
  try {
    await admin.connect();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const offsets = await admin.fetchOffsets({ groupId, topics });
        return offsets.some((topic) => topic.partitions.some((partition) => partition.offset !== '-1'));
      } catch (error) {
        if (!isRetriable(error) || attempt >= OFFSET_FETCH_TRIES) throw error;
        await delay(retryMs);
      }
    }
  } catch (error) {
    logger.warn(
      { err: error, groupId },
      "could not read the indexer group's offsets; assuming it has some (the index will be refilled by a re-index)",
    );
    return true;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** kafkajs marks the errors worth asking again (KafkaJSError.retriable). */
function isRetriable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retriable?: unknown }).retriable === true;
}

/**
 * After the index was created empty while the indexer group already has offsets (a pod whose volume
 * was lost: see indexerHasCommitted), the Kafka consumer does not refill it: its offsets are past the
 * old events, and those may have expired anyway. So, as after a schema reset, a re-index is queued,
 * but only when the documents service holds documents. The documents service may start after this
 * one, so this waits for it (retrying with back-off) in the background, until the service stops.
 */
export async function refillCreatedIndex(deps: RefillCreatedIndexDeps): Promise<RefillOutcome> {
  const { firstMs, maxMs } = deps.retry ?? { firstMs: 1000, maxMs: 30_000 };
  let wait = firstMs;
  for (let attempt = 1; ; attempt += 1) {
    if (deps.signal.aborted) return 'stopped';
    let hasDocuments: boolean;
    try {
      const page = await deps.source.listDocuments({ pageSize: 1, pageToken: '' });
      hasDocuments = page.documents.length > 0;
    } catch (error) {
      // Said once at warn; the retries that follow (until the documents service answers) at debug.
      deps.logger[attempt === 1 ? 'warn' : 'debug'](
        { err: error, attempt, retryInMs: wait },
        'the index was created empty; the documents service cannot be asked yet whether it has documents to re-index',
      );
      try {
        await delay(wait, undefined, { signal: deps.signal });
      } catch {
        return 'stopped';
      }
      wait = Math.min(wait * 2, maxMs);
      continue;
    }
    if (!hasDocuments) {
      deps.logger.info('the index was created empty and the documents service has no documents: nothing to re-index');
      return 'nothing-to-index';
    }
    if (deps.signal.aborted) return 'stopped';
    deps.logger.warn(
      'the index was created EMPTY while the documents service has documents (a lost volume?): ' +
        'queueing a re-index to refill it',
    );
    await deps.startReindex(REFILL_REQUESTED_BY);
    return 'queued';
  }
}
