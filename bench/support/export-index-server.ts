/**
 * The query-engine's search side over a real SQLite FTS5 index, for bench/export.bench.ts (fork()ed with
 * tsx, its own process so its CPU is counted apart from the export worker's):
 *   - builds the index once with INDEX_DOCUMENTS filings straight through the index file's bulk writer
 *     (SqliteIndexFile, as a rebuild writes), kept at INDEX_PATH and reused while it holds that many
 *     documents. To build 100,000 in minutes rather than an hour on 2 busy cores, 10,000 distinct
 *     filings are generated (bench/support/generated-filings.ts; about 11 KB of text each) and each is
 *     indexed 10 times under its own id, filed a day apart, with its text cut to TEXT_CHARS (800):
 *     an export's rows are the hits' metadata and snippet, which this keeps real;
 *   - serves the query-engine's own SearchService.StreamSearch (searchServiceBinding +
 *     SearchStreamService over SqliteFts5Backend and its search threads);
 *   - and a WorkspaceService holding one workspace (WORKSPACE_ID, member USER_ID) whose one search
 *     (REQUEST_ID) is SEARCH_TEXT sorted by SEARCH_SORT: workspaces live in MongoDB in the query-engine,
 *     and only this lookup of the export's request is needed here, not the index behind it.
 * Sends { port, documents, buildSeconds } over IPC when serving; SIGTERM closes it.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { NotFoundError, UnavailableError } from '@docket/errors';
import { SearchSort } from '@docket/proto/src/search';
import { RequestKind, WorkspaceServiceService, type WorkspaceRequest } from '@docket/proto/src/workspaces';
import { startGrpcServer, unary, type GrpcServiceBinding } from '@docket/service-kit';
import type { IndexedDocument } from '../../services/query-engine/src/domain/indexed-document';
import { SqliteFts5Backend } from '../../services/query-engine/src/search/index/sqlite/sqlite-fts5.backend';
import { SqliteIndexFile } from '../../services/query-engine/src/search/index/sqlite/sqlite-index-file';
import { SearchStreamService } from '../../services/query-engine/src/search/search-stream.service';
import { searchServiceBinding } from '../../services/query-engine/src/search/search.grpc';
import { generatedDocuments } from './generated-filings';

const logger = pino({ level: 'warn' });
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`export-index-server: ${name} is required`);
  return value;
};
const INDEX_PATH = env('INDEX_PATH');
const DOCUMENTS = Number(env('INDEX_DOCUMENTS'));
const WORKSPACE_ID = env('WORKSPACE_ID');
const REQUEST_ID = env('REQUEST_ID');
const USER_ID = env('USER_ID');
const SEARCH_TEXT = process.env.SEARCH_TEXT ?? '';
const SEARCH_SORT = Number(process.env.SEARCH_SORT ?? SearchSort.SEARCH_SORT_FILED_NEWEST) as SearchSort;
const CHUNK = 1_000;
const DISTINCT = 10_000;
const TEXT_CHARS = Number(process.env.TEXT_CHARS ?? 800);
const DAY_MS = 86_400_000;

/** Writes the generated filings in bulk transactions, then merges FTS5 segments as a rebuild does. */
async function ensureIndex(): Promise<number> {
  await mkdir(path.dirname(INDEX_PATH), { recursive: true });
  if (existsSync(INDEX_PATH)) {
    const count = countOf(INDEX_PATH);
    if (count === DOCUMENTS) return 0;
    // A build cut short (or another count): start again from an empty file.
    for (const suffix of ['', '-wal', '-shm']) await rm(`${INDEX_PATH}${suffix}`, { force: true });
  }
  const startedAt = performance.now();
  const file = SqliteIndexFile.open(INDEX_PATH, { bulk: true });
  const distinct = [...generatedDocuments('export-bench', Math.min(DISTINCT, DOCUMENTS))].map(shortened);
  let chunk: IndexedDocument[] = [];
  let written = 0;
  for (let n = 0; n < DOCUMENTS; n++) {
    const copy = Math.floor(n / distinct.length);
    const original = distinct[n % distinct.length]!;
    chunk.push(
      copy === 0
        ? original
        : {
            ...original,
            id: `${original.id}-copy${copy}`,
            ...(original.filedAt ? { filedAt: new Date(original.filedAt.getTime() - copy * DAY_MS) } : {}),
          },
    );
    if (chunk.length === CHUNK) {
      file.upsertMany(chunk);
      written += chunk.length;
      chunk = [];
      if (written % 10_000 === 0) process.stderr.write(`export-index-server: indexed ${written} of ${DOCUMENTS}\n`);
    }
  }
  if (chunk.length > 0) file.upsertMany(chunk);
  file.optimize();
  file.close();
  return (performance.now() - startedAt) / 1000;
}

/** How many documents the file holds; -1 when it cannot be read (a build killed mid-write). */
function countOf(file: string): number {
  try {
    const index = SqliteIndexFile.open(file);
    try {
      return index.count();
    } finally {
      index.close();
    }
  } catch {
    return -1;
  }
}

/** The first TEXT_CHARS of the text, its pages cut to match. */
function shortened(document: IndexedDocument): IndexedDocument {
  if (document.text.length <= TEXT_CHARS) return document;
  const pages = document.pages
    .filter((p) => p.start < TEXT_CHARS)
    .map((p) => ({ ...p, end: Math.min(p.end, TEXT_CHARS) }));
  return { ...document, text: document.text.slice(0, TEXT_CHARS), pages };
}

const unused = (what: string) => () => {
  throw new UnavailableError(`${what} is not served by the export bench's index server (only StreamSearch is)`);
};

function workspaceBinding(): GrpcServiceBinding {
  const request: WorkspaceRequest = {
    requestId: REQUEST_ID,
    workspaceId: WORKSPACE_ID,
    userId: USER_ID,
    kind: RequestKind.REQUEST_KIND_SEARCH,
    text: SEARCH_TEXT,
    filters: undefined,
    createdAt: new Date('2026-11-01T10:00:00Z'),
    tookMs: 1,
    resultCount: '0',
    queryId: '',
    sort: SEARCH_SORT,
    resultCountIsLowerBound: false,
    facets: [],
  };
  const member = (userId: string, workspaceId: string) => {
    if (workspaceId !== WORKSPACE_ID || userId !== USER_ID)
      throw new NotFoundError(`workspace ${workspaceId} not found`);
  };
  return {
    definition: WorkspaceServiceService,
    implementation: {
      getRequest: unary(logger, async (req: { workspaceId: string; requestId: string; userId: string }) => {
        member(req.userId, req.workspaceId);
        if (req.requestId !== REQUEST_ID) throw new NotFoundError(`request ${req.requestId} not found`);
        return { request };
      }),
      getWorkspace: unary(logger, async (req: { workspaceId: string; userId: string }) => {
        member(req.userId, req.workspaceId);
        return {
          workspace: {
            workspaceId: WORKSPACE_ID,
            name: 'Export bench',
            description: '',
            members: [],
            createdBy: '',
            requestCount: '1',
          },
          recentRequests: [],
          role: 1,
        };
      }),
      listRequests: unary(logger, async (req: { workspaceId: string; userId: string }) => {
        member(req.userId, req.workspaceId);
        return { requests: [request], nextCursor: '' };
      }),
    },
  } as unknown as GrpcServiceBinding;
}

async function main(): Promise<void> {
  const buildSeconds = await ensureIndex();
  const index = SqliteFts5Backend.open(INDEX_PATH, { logger });
  const documents = await index.count();
  // The workspace's default filters (none here) are what the query-engine adds to a workspace's stream.
  const stream = new SearchStreamService({
    index,
    workspaces: {
      resolve: async () => ({
        defaultFilters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
      }),
    },
  });
  const search = searchServiceBinding({
    index,
    stream,
    logger,
    budgetMs: 10_000,
    search: { search: unused('Search') } as never,
    startReindex: unused('re-index') as never,
  });
  const server = await startGrpcServer({ port: 0, host: '127.0.0.1', logger, services: [search, workspaceBinding()] });
  server.setServing(true);
  process.send?.({ port: server.port, documents, buildSeconds });
  process.on('SIGTERM', () => {
    void server
      .shutdown(500)
      .then(() => index.close())
      .then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
