/**
 * A search thread: reads one index file on its own SQLite connection, with its own copy of the facet
 * columns, kept in step by the changes the writer (on the main thread) reports. Its connection is
 * bound to its query_budget slot, through which the main thread interrupts a call whose budget is
 * spent or whose caller has gone (see search-threads.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Database as Db } from 'better-sqlite3';
import { FacetColumns } from '../facet-columns';
import { IdleCacheRelease } from '../idle-cache-release';
import { BUDGET_EXTENSION, loadExtension } from '../native-extensions';
import { connectReader, DocumentFetcher } from '../sqlite-index-file';
import { SqliteSearcher } from '../sqlite-searcher';
import {
  serializeError,
  type FromThread,
  type ThreadCalls,
  type ThreadData,
  type ThreadMethod,
  type ToThread,
} from './thread-messages';

interface OpenIndex {
  db: Db;
  facets: FacetColumns;
  searcher: SqliteSearcher;
  fetcher: DocumentFetcher;
}

const data = workerData as ThreadData;
const port = parentPort;
if (!port) throw new Error('search-thread.worker.ts runs as a worker thread');

function open(): OpenIndex {
  const db = connectReader(data.indexPath);
  try {
    loadExtension(db, BUDGET_EXTENSION);
    db.prepare('SELECT query_budget_bind(?)').get(data.slot);
    const facets = FacetColumns.load(db);
    return { db, facets, searcher: new SqliteSearcher(db, facets, data.tuning), fetcher: new DocumentFetcher(db) };
  } catch (error) {
    db.close();
    throw error;
  }
}

function run<M extends ThreadMethod>(index: OpenIndex, method: M, args: ThreadCalls[M]): unknown {
  switch (method) {
    case 'search':
      return index.searcher.search(...(args as ThreadCalls['search']));
    case 'rankForQuestion':
      return index.searcher.rankForQuestion(...(args as ThreadCalls['rankForQuestion']));
    case 'fetch':
      return index.fetcher.fetch(...(args as ThreadCalls['fetch']));
    case 'countByDay':
      return index.searcher.countByDay(...(args as ThreadCalls['countByDay']));
    default:
      throw new Error(`unknown search thread method ${String(method)}`);
  }
}

const send = (message: FromThread) => port.postMessage(message);
let index: OpenIndex | undefined;
const cacheRelease = new IdleCacheRelease(() => index?.db);
try {
  index = open();
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'fatal', error: serializeError(error) });
}

port.on('message', (message: ToThread) => {
  switch (message.type) {
    case 'changes':
      if (!index) return;
      for (const [rowid, values] of message.facets) {
        if (values) index.facets.set(rowid, values);
        else index.facets.remove(rowid);
      }
      index.searcher.indexChanged();
      return;
    case 'close':
      index?.db.close();
      index = undefined;
      send({ type: 'done', id: message.id, result: null });
      return;
    case 'open':
      try {
        index ??= open();
        send({ type: 'done', id: message.id, result: null });
      } catch (error) {
        send({ type: 'failed', id: message.id, error: serializeError(error) });
      }
      return;
    case 'call': {
      if (!index) {
        send({
          type: 'failed',
          id: message.id,
          error: { kind: 'unavailable', message: 'the search index is being replaced; try again' },
        });
        return;
      }
      try {
        send({
          type: 'done',
          id: message.id,
          result: run(index, message.method, message.args as ThreadCalls[typeof message.method]),
        });
      } catch (error) {
        send({ type: 'failed', id: message.id, error: serializeError(error) });
      } finally {
        cacheRelease.used();
      }
    }
  }
});
