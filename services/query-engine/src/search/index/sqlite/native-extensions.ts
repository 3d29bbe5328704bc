import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Database as Db } from 'better-sqlite3';

/**
 * The query-engine's small SQLite extensions (native/*.c):
 * - bm25_given_idf(): FTS5's BM25 with the IDFs passed in, so ranking a few thousand rows no longer
 *   reads whole document lists (see the C file);
 * - query_budget: interrupts a search's SQL work when its time budget is spent or its caller cancels
 *   (see the C file and query-budget.ts).
 *
 * Each is compiled on first use with the C compiler better-sqlite3 itself was built with, against the
 * SQLite headers better-sqlite3 ships, into native/build/ under a name holding the source's hash (an
 * edited source compiles again). The image build compiles them the same way (service.Dockerfile).
 */
export interface NativeExtension {
  /** The C file's name in native/, without `.c`; the library is native/build/<name>-<hash>.so. */
  name: string;
  entryPoint: string;
}

export const RANK_EXTENSION: NativeExtension = { name: 'bm25_given_idf', entryPoint: 'sqlite3_bm25idf_init' };
export const BUDGET_EXTENSION: NativeExtension = { name: 'query_budget', entryPoint: 'sqlite3_querybudget_init' };

const NATIVE_DIR = path.resolve(__dirname, '../../../../native');
const built = new Map<string, string>();

/** The compiled library's path, compiling it if this source has not been compiled yet. */
export function extensionPath(extension: NativeExtension): string {
  const known = built.get(extension.name);
  if (known) return known;
  const source = path.join(NATIVE_DIR, `${extension.name}.c`);
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 12);
  const library = path.join(NATIVE_DIR, 'build', `${extension.name}-${hash}.so`);
  if (!existsSync(library)) compile(source, library);
  built.set(extension.name, library);
  return library;
}

export function loadExtension(db: Db, extension: NativeExtension): void {
  // better-sqlite3 hands an entry point on to sqlite3_load_extension; its type declarations leave it out.
  (db as unknown as { loadExtension(file: string, entryPoint: string): void }).loadExtension(
    extensionPath(extension),
    extension.entryPoint,
  );
}

export function loadRankExtension(db: Db): void {
  loadExtension(db, RANK_EXTENSION);
}

function compile(source: string, library: string): void {
  mkdirSync(path.dirname(library), { recursive: true });
  const headers = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
  // Another process or thread may compile at the same time: each writes its own file, the rename is atomic.
  const partial = `${library}.${process.pid}.${threadId}.tmp`;
  try {
    execFileSync(process.env.CC ?? 'cc', ['-O2', '-fPIC', '-shared', '-I', headers, source, '-o', partial], {
      stdio: 'pipe',
    });
    renameSync(partial, library);
  } catch (error) {
    rmSync(partial, { force: true });
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(
      `could not compile the SQLite extension ${source} (a C compiler is needed, as for better-sqlite3): ${detail}`,
    );
  }
}
