import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Database as Db } from 'better-sqlite3';

/**
 * The SQLite extension with bm25_given_idf() (native/bm25_given_idf.c): FTS5's BM25 with the IDFs
 * passed in, so ranking a few thousand rows no longer reads whole document lists (see the C file).
 *
 * It is compiled on first use with the C compiler better-sqlite3 itself was built with, against the
 * SQLite headers better-sqlite3 ships, into native/build/ under a name holding the source's hash (an
 * edited source compiles again). The image build compiles it the same way (service.Dockerfile).
 */
const NATIVE_DIR = path.resolve(__dirname, '../../native');
const SOURCE = path.join(NATIVE_DIR, 'bm25_given_idf.c');
const ENTRY_POINT = 'sqlite3_bm25idf_init';

let built: string | undefined;

/** The compiled library's path, compiling it if this source has not been compiled yet. */
export function rankExtensionPath(): string {
  if (built) return built;
  const hash = createHash('sha256').update(readFileSync(SOURCE)).digest('hex').slice(0, 12);
  const library = path.join(NATIVE_DIR, 'build', `bm25_given_idf-${hash}.so`);
  if (!existsSync(library)) compile(library);
  built = library;
  return library;
}

export function loadRankExtension(db: Db): void {
  // better-sqlite3 hands an entry point on to sqlite3_load_extension; its type declarations leave it out.
  (db as unknown as { loadExtension(file: string, entryPoint: string): void }).loadExtension(rankExtensionPath(), ENTRY_POINT);
}

function compile(library: string): void {
  mkdirSync(path.dirname(library), { recursive: true });
  const headers = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
  // Another process may compile at the same time: each writes its own file, the rename is atomic.
  const partial = `${library}.${process.pid}.tmp`;
  try {
    execFileSync(process.env.CC ?? 'cc', ['-O2', '-fPIC', '-shared', '-I', headers, SOURCE, '-o', partial], { stdio: 'pipe' });
    renameSync(partial, library);
  } catch (error) {
    rmSync(partial, { force: true });
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(`could not compile the SQLite ranking extension ${SOURCE} (a C compiler is needed, as for better-sqlite3): ${detail}`);
  }
}
