import { join, resolve } from 'node:path';
import { checkGrpcTls, commonEnv, grpcServerEnv, kafkaEnv, mongoEnv, port, redisEnv, z } from '@docket/config';

const REPO_ROOT = resolve(__dirname, '../../..');
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })])
  .default('');

export const configSchema = z
  .object({
    ...commonEnv,
    ...mongoEnv,
    ...kafkaEnv,
    ...redisEnv,
    GRPC_PORT: port(50051),
    ...grpcServerEnv,
    MONGO_DB: z.string().min(1).default('documents'),
    /**
     * How often the outbox relay sweeps for events a crashed write left behind. Writes publish their own
     * events at once, a failed publish is retried within a second, and a start sweeps once; so the sweep
     * is a rare safety net: on the MongoDB stand-in it reads the whole collection (~0.25 CPU ms a
     * document: 5 CPU-s at 20,000 documents, which every 30 s was a sixth of a core at idle).
     */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(10).default(600_000),
    DATA_DIR: z.string().min(1).default(join(REPO_ROOT, '.data')),
    /** Where original files (attachments) live: local, a directory (BLOB_DIR); s3, an S3-compatible bucket. */
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    /** Original files with BLOB_STORE=local, and the data products' release tables (Parquet) in every case. */
    BLOB_DIR: z.string().min(1).optional(),
    DOCUMENTS_S3_BUCKET: z.string().min(1).optional(),
    DOCUMENTS_S3_PREFIX: z.string().default('documents/'),
    /** Unset for AWS itself; the server's URL for MinIO and other S3-compatible stores. */
    DOCUMENTS_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    DOCUMENTS_S3_REGION: z.string().min(1).default('us-east-1'),
    DOCUMENTS_S3_FORCE_PATH_STYLE: flag.default(false),
    /** Both or neither; neither: the AWS SDK's default chain (AWS_* variables, instance or pod role). */
    DOCUMENTS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    EXTRACT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(100 * 1024 * 1024),
    EXTRACT_MAX_PAGES: z.coerce.number().int().min(1).default(5_000),
    EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(200 * 1024 * 1024),
    /** Load the generated default corpus when the database has no sources yet. */
    SEED_CORPUS: flag.default(true),
    SEED_FILINGS: z.coerce.number().int().min(0).default(20_000),
    SEED_DOCKETS: z.coerce.number().int().min(1).default(500),
    /** The generator's seed of that corpus (evaluations load others); the default corpus's when empty. */
    SEED_CORPUS_SEED: z.string().max(100).optional(),
    /** Base URLs of the public APIs; a connector runs only when its URL is set. */
    FEDERAL_REGISTER_URL: optionalUrl,
    COURTLISTENER_URL: optionalUrl,
    COURTLISTENER_TOKEN: z.string().default(''),
    /** Prefix of the import queue's Redis keys (hash-tagged, for Redis Cluster). */
    QUEUE_PREFIX: z.string().min(1).default('{documents}'),
    /** A crashed import's job is picked up again once its lock lapses (BullMQ's stalled-job check). */
    IMPORT_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    CONNECTOR_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(15 * 60_000),
  })
  .superRefine(checkGrpcTls((env) => ({ listen: env.GRPC_HOST })))
  .superRefine((config, context) => {
    if (config.BLOB_STORE === 's3' && !config.DOCUMENTS_S3_BUCKET)
      context.addIssue({ code: 'custom', path: ['DOCUMENTS_S3_BUCKET'], message: 'is required with BLOB_STORE=s3' });
    if (Boolean(config.DOCUMENTS_S3_ACCESS_KEY_ID) !== Boolean(config.DOCUMENTS_S3_SECRET_ACCESS_KEY))
      context.addIssue({
        code: 'custom',
        path: [config.DOCUMENTS_S3_ACCESS_KEY_ID ? 'DOCUMENTS_S3_SECRET_ACCESS_KEY' : 'DOCUMENTS_S3_ACCESS_KEY_ID'],
        message: 'is required with the other S3 credential (set both, or neither for the AWS default chain)',
      });
  });

export type Config = z.infer<typeof configSchema>;

export function blobDirOf(config: Pick<Config, 'BLOB_DIR' | 'DATA_DIR'>): string {
  return resolve(config.BLOB_DIR ?? join(config.DATA_DIR, 'documents', 'blobs'));
}
