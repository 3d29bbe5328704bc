import { join, resolve } from 'node:path';
import { commonEnv, grpcTarget, kafkaEnv, mongoEnv, port, redisEnv, z } from '@docket/config';

const REPO_ROOT = resolve(__dirname, '../../..');

export const configSchema = z.object({
  ...commonEnv,
  ...mongoEnv,
  ...kafkaEnv,
  ...redisEnv,
  GRPC_PORT: port(50052),
  MONGO_DB: z.string().min(1).default('query_engine'),
  DOCUMENTS_GRPC: grpcTarget('127.0.0.1:50051'),
  DATA_DIR: z.string().min(1).default(join(REPO_ROOT, '.data')),
  // OpenSearch for scale (npm run opensearch starts a local node); unset or empty: the embedded SQLite FTS5 index.
  OPENSEARCH_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:9200' })]).default(''),
  // The alias the OpenSearch backend searches and writes through; re-indexes swap the index behind it.
  OPENSEARCH_INDEX: z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/, "must be lower case letters, digits, '-', '_' or '.'").default('docket-documents'),
});

export type Config = z.infer<typeof configSchema>;

/** The live SQLite index; a rebuild writes `<this>.rebuild` next to it and renames it over. */
export function indexPathOf(config: Pick<Config, 'DATA_DIR'>): string {
  return join(resolve(config.DATA_DIR), 'query-engine', 'index.sqlite');
}
