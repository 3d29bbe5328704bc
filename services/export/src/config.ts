import {
  commonEnv,
  grpcServerEnv,
  grpcTarget,
  grpcTlsIssues,
  kafkaEnv,
  mongoEnv,
  port,
  redisEnv,
  z,
} from '@docket/config';
import { SHEET_ROW_LIMIT } from './files/xlsx-rows.writer';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const configSchema = z
  .object({
    ...commonEnv,
    ...mongoEnv,
    ...kafkaEnv,
    ...redisEnv,
    GRPC_PORT: port(50054),
    ...grpcServerEnv,
    MONGO_DB: z.string().min(1).default('export'),
    QUERY_ENGINE_GRPC: grpcTarget('127.0.0.1:50052'),
    DOCUMENTS_GRPC: grpcTarget('127.0.0.1:50051'),
    /**
     * The stack's data directory (npm start sets it); export files go under it unless EXPORT_BLOB_DIR says otherwise.
     */
    DATA_DIR: z.string().min(1).optional(),
    /** local: files in a directory; s3: an S3-compatible bucket (AWS, MinIO, the launcher's S3Mock). */
    EXPORT_BLOB_STORE: z.enum(['local', 's3']).default('local'),
    EXPORT_BLOB_DIR: z.string().min(1).optional(),
    EXPORT_S3_BUCKET: z.string().min(1).optional(),
    EXPORT_S3_PREFIX: z.string().default('exports/'),
    /** Unset for AWS itself; the server's URL for MinIO and other S3-compatible stores. */
    EXPORT_S3_ENDPOINT: z.string().url().optional(),
    EXPORT_S3_REGION: z.string().min(1).default('us-east-1'),
    EXPORT_S3_FORCE_PATH_STYLE: flag.default(false),
    /** Both or neither; neither: the AWS SDK's default chain (AWS_* variables, instance or pod role). */
    EXPORT_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    EXPORT_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Bytes per multipart part: a file is that much in memory twice at most while it uploads (S3's minimum: 5 MiB). */
    EXPORT_S3_PART_SIZE: z.coerce
      .number()
      .int()
      .min(5 * 1024 * 1024, "must be at least 5 MiB (5242880), S3's smallest part")
      .default(8 * 1024 * 1024),
    /** Signs download links (HMAC-SHA256); every export process of a deployment must share it. */
    EXPORT_LINK_SECRET: z.string().min(16, 'must be at least 16 characters').default('docket-dev-export-link-secret'),
    /** How long a finished file is kept and its link works (days; fractions allowed). */
    EXPORT_TTL_DAYS: z.coerce.number().positive().default(30),
    EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).default(3),
    EXPORT_MAX_STORED: z.coerce.number().int().min(1).default(50),
    EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(1_000_000),
    /** Exports one process builds at once; 0 runs the API only (workers elsewhere). */
    EXPORT_WORKERS: z.coerce.number().int().min(0).default(1),
    /** A killed worker's export is taken over by another worker after this long. */
    EXPORT_JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
    /**
     * Runs an export gets again, by itself, after a service it reads from did not answer (a restart,
     * a failover), before it fails; each waits twice as long as the one before, from EXPORT_RETRY_DELAY_MS.
     */
    EXPORT_UNAVAILABLE_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
    EXPORT_RETRY_DELAY_MS: z.coerce.number().int().min(10).default(2_000),
    EXPORT_EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).default(3_600_000),
    /** Key prefix of the export and expiry queues and of process sequence numbers (hash-tagged, for Redis Cluster). */
    EXPORT_QUEUE_PREFIX: z.string().min(1).default('{export}'),
    /** Rows per XLSX sheet, its header included; a longer export goes on in the next sheet. */
    EXPORT_ROWS_PER_SHEET: z.coerce.number().int().min(2).max(SHEET_ROW_LIMIT).default(SHEET_ROW_LIMIT),
    /** How often a running export's progress is saved and published, and a cancel looked for (ms). */
    EXPORT_PROGRESS_MS: z.coerce.number().int().min(50).default(500),
    /** How often a process watcher re-reads the store, for changes another export process applied (ms). */
    PROCESS_WATCH_POLL_MS: z.coerce.number().int().min(10).default(200),
    /** How long a watcher waits for a process not known yet (its first event may be on its way), then NOT_FOUND. */
    PROCESS_WATCH_APPEAR_WITHIN_MS: z.coerce.number().int().min(0).default(30_000),
    /** The app's address, for the document links in exported rows and footnotes. */
    EXPORT_APP_URL: z.string().url().default('http://localhost:3000'),
  })
  .superRefine((config, context) => {
    const targets = { QUERY_ENGINE_GRPC: config.QUERY_ENGINE_GRPC, DOCUMENTS_GRPC: config.DOCUMENTS_GRPC };
    for (const issue of grpcTlsIssues(config, { listen: config.GRPC_HOST, targets }))
      context.addIssue({ code: 'custom', ...issue });
    if (config.EXPORT_BLOB_STORE === 's3' && !config.EXPORT_S3_BUCKET) {
      context.addIssue({
        code: 'custom',
        path: ['EXPORT_S3_BUCKET'],
        message: 'is required with EXPORT_BLOB_STORE=s3',
      });
    }
    if (Boolean(config.EXPORT_S3_ACCESS_KEY_ID) !== Boolean(config.EXPORT_S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [config.EXPORT_S3_ACCESS_KEY_ID ? 'EXPORT_S3_SECRET_ACCESS_KEY' : 'EXPORT_S3_ACCESS_KEY_ID'],
        message: 'is required with the other S3 credential (set both, or neither for the AWS default chain)',
      });
    }
    if (config.NODE_ENV === 'production' && config.EXPORT_LINK_SECRET === 'docket-dev-export-link-secret') {
      context.addIssue({ code: 'custom', path: ['EXPORT_LINK_SECRET'], message: 'must be set in production' });
    }
  });

export type Config = z.infer<typeof configSchema>;
