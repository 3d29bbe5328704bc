import { join, resolve } from 'node:path';
import {
  checkGrpcTls,
  commonEnv,
  grpcServerEnv,
  grpcTarget,
  kafkaEnv,
  mongoEnv,
  port,
  redisEnv,
  z,
} from '@docket/config';
import { llmEnv } from './ask/llm';

const REPO_ROOT = resolve(__dirname, '../../..');

export const configSchema = z
  .object({
    ...commonEnv,
    ...mongoEnv,
    ...kafkaEnv,
    ...redisEnv,
    GRPC_PORT: port(50052),
    ...grpcServerEnv,
    // This service's log level when it should differ from LOG_LEVEL (a bench reads its indexing progress lines).
    QUERY_ENGINE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    MONGO_DB: z.string().min(1).default('query_engine'),
    DOCUMENTS_GRPC: grpcTarget('127.0.0.1:50051'),
    DATA_DIR: z.string().min(1).default(join(REPO_ROOT, '.data')),
    // OpenSearch for scale (npm run opensearch starts a local node); unset or empty: the embedded SQLite FTS5 index.
    OPENSEARCH_URL: z
      .union([
        z.literal(''),
        z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:9200' }),
      ])
      .default(''),
    // The alias the OpenSearch backend searches and writes through; re-indexes swap the index behind it.
    OPENSEARCH_INDEX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_.-]*$/, "must be lower case letters, digits, '-', '_' or '.'")
      .default('docket-documents'),
    // The SQLite index counts at most this many matches of a search; more show as "10,000+" (OpenSearch counts all).
    SEARCH_COUNT_LIMIT: z.coerce.number().int().min(1).default(10_000),
    // How long one search (or a question's retrieval) may work before it is stopped with a 400 that says so.
    SEARCH_TIME_BUDGET_MS: z.coerce.number().int().min(50).max(120_000).default(5_000),
    // Worker threads that run searches, question rankings and fetches on the SQLite index
    // (each with its own connection).
    SEARCH_THREADS: z.coerce.number().int().min(1).max(16).default(2),
    // Semantic retrieval (bge-small-en-v1.5 vectors fused with BM25). 'off' answers questions with BM25 alone.
    VECTOR_SEARCH: z.enum(['on', 'off']).default('on'),
    // Processes that embed the backlog of passages at nice 19, each with its own copy of the model (~100-200 MB);
    // questions have a thread of their own.
    EMBEDDING_THREADS: z.coerce.number().int().min(1).max(8).default(1),
    // The backlog waits while documents keep arriving, until none has for this long (and at most 10 s a step):
    // searchable first, then embedded. 0: no waiting.
    EMBED_AFTER_WRITES_QUIET_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    // The analysis mode when a question does not ask for one; 'generative' needs LLM_BASE_URL and LLM_MODEL.
    DEFAULT_ANALYSIS_MODE: z.enum(['extractive', 'generative']).default('extractive'),
    // How often the queries outbox is swept for events a crash left unpublished.
    OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
    // Key prefix of the re-index queue and of process sequence numbers (hash-tagged, for Redis Cluster).
    QUERY_ENGINE_QUEUE_PREFIX: z.string().min(1).default('{query-engine}'),
    // How often the products computed from the filings (rate-case tracker, procedural calendar) look for
    // a month that is over and not yet released, once the index has taken in every filing. 0: never.
    COMPUTED_RELEASES_EVERY_MS: z.coerce.number().int().min(0).default(3_600_000),
    ...llmEnv,
  })
  .superRefine(checkGrpcTls((env) => ({ listen: env.GRPC_HOST, targets: { DOCUMENTS_GRPC: env.DOCUMENTS_GRPC } })));

export type Config = z.infer<typeof configSchema>;

/** The vector index (passage embeddings and their backlog) lives beside the search index. */
export function vectorIndexPathOf(config: Pick<Config, 'DATA_DIR'>): string {
  return join(resolve(config.DATA_DIR), 'query-engine', 'vectors.sqlite');
}

/** The live SQLite index; a rebuild writes `<this>.rebuild` next to it and renames it over. */
export function indexPathOf(config: Pick<Config, 'DATA_DIR'>): string {
  return join(resolve(config.DATA_DIR), 'query-engine', 'index.sqlite');
}
