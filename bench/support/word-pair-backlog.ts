/**
 * The search index's word-pair backlog as a bench watches it from outside: documents written without
 * their word pairs, and what the query-engine's background pass has paired and the CPU it took (kept
 * in the index file itself, since the pass shares the writer thread with the ingest path).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface WordPairsReading {
  /** Documents waiting for their pairs. */
  pending: number;
  /** Documents the background pass has paired, and its CPU milliseconds, since the file was made. */
  paired: number;
  cpuMs: number;
}

/** The query-engine's search index under the stack's data dir (its config's indexPathOf). */
export function searchIndexFile(dataDir: string): string {
  return path.join(dataDir, 'query-engine', 'index.sqlite');
}

/** Read-only: the service keeps writing the file, in WAL mode. */
export function readWordPairs(file: string): WordPairsReading {
  if (!fs.existsSync(file)) return { pending: 0, paired: 0, cpuMs: 0 };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const pending = db.prepare('SELECT count(*) FROM word_pairs_pending').pluck().get() as number;
    const cost = db.prepare('SELECT documents, cpu_ms FROM word_pairs_cost WHERE id = 1').get() as {
      documents: number;
      cpu_ms: number;
    };
    return { pending, paired: cost.documents, cpuMs: cost.cpu_ms };
  } finally {
    db.close();
  }
}
