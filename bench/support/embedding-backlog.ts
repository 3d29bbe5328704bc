/**
 * The query-engine's embedding backlog as a bench watches it from outside: how many documents wait in
 * the vector index's SQLite backlog, how many are embedded, and the memory of the background embedding
 * processes the query-engine starts (children of its process in sessions of their own).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { processTreeOf } from '@docket/local-infra';

export interface BacklogReading {
  /** Documents waiting to be embedded (rows of vector_backlog). */
  pending: number;
  /** Documents with vectors. */
  embedded: number;
}

/** The query-engine's vector index under the stack's data dir (its config's vectorIndexPathOf). */
export function vectorIndexFile(dataDir: string): string {
  return path.join(dataDir, 'query-engine', 'vectors.sqlite');
}

/** Reads the backlog and the embedded count (read-only: the service keeps writing it, in WAL mode). */
export function readBacklog(file: string): BacklogReading {
  if (!fs.existsSync(file)) return { pending: 0, embedded: 0 };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { pending: count('vector_backlog'), embedded: count('vector_documents') };
  } finally {
    db.close();
  }
}

/** Proportional (PSS) and resident (RSS) memory in MB of the query-engine's embedding processes now. */
export function embeddingProcessMemory(queryEnginePid: number): { processes: number; pssMb: number; rssMb: number } {
  const children = processTreeOf(queryEnginePid).filter((p) => p.pid !== queryEnginePid && p.state !== 'Z');
  const kb = (pid: number, file: string, field: RegExp) => {
    try {
      return Number(field.exec(fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0; // ended meanwhile
    }
  };
  return {
    processes: children.length,
    pssMb: children.reduce((sum, p) => sum + kb(p.pid, 'smaps_rollup', /^Pss:\s+(\d+) kB/m), 0) / 1024,
    rssMb: children.reduce((sum, p) => sum + kb(p.pid, 'status', /^VmRSS:\s+(\d+) kB/m), 0) / 1024,
  };
}

/** Watches the embedding processes' memory every `intervalMs` until stopped; keeps the peak. */
export function watchEmbeddingMemory(queryEnginePid: number, intervalMs = 1000) {
  let peak = { processes: 0, pssMb: 0, rssMb: 0 };
  const timer = setInterval(() => {
    const now = embeddingProcessMemory(queryEnginePid);
    if (now.pssMb > peak.pssMb) peak = now;
  }, intervalMs);
  timer.unref();
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}
