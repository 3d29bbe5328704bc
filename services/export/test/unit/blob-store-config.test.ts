import { configSchema } from '../../src/config';

const CREDENTIALS_HINT = ' (set both, or neither for the AWS default chain)';

/** What every service needs; the S3 variables come on top. */
const BASE = {
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  KAFKA_BROKERS: '127.0.0.1:9092',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

const issuesOf = (env: Record<string, string>) => {
  const parsed = configSchema.safeParse({ ...BASE, ...env });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('export config: the S3 blob store', () => {
  it('keeps files in a local directory unless told otherwise', () => {
    expect(configSchema.parse(BASE).EXPORT_BLOB_STORE).toBe('local');
  });

  it('takes a bucket, endpoint, path style, credentials and part size', () => {
    const config = configSchema.parse({
      ...BASE,
      EXPORT_BLOB_STORE: 's3',
      EXPORT_S3_BUCKET: 'docket',
      EXPORT_S3_ENDPOINT: 'http://127.0.0.1:9090',
      EXPORT_S3_FORCE_PATH_STYLE: 'true',
      EXPORT_S3_ACCESS_KEY_ID: 'key',
      EXPORT_S3_SECRET_ACCESS_KEY: 'secret',
      EXPORT_S3_PART_SIZE: String(16 * 1024 * 1024),
    });
    expect(config).toMatchObject({ EXPORT_S3_FORCE_PATH_STYLE: true, EXPORT_S3_PART_SIZE: 16 * 1024 * 1024 });
  });

  it('names what is missing or wrong', () => {
    expect(issuesOf({ EXPORT_BLOB_STORE: 's3' })).toContain('EXPORT_S3_BUCKET: is required with EXPORT_BLOB_STORE=s3');
    expect(issuesOf({ EXPORT_S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'EXPORT_S3_SECRET_ACCESS_KEY: is required with the other S3 credential' + CREDENTIALS_HINT,
    ]);
    expect(issuesOf({ EXPORT_S3_PART_SIZE: '1048576' })).toEqual([
      "EXPORT_S3_PART_SIZE: must be at least 5 MiB (5242880), S3's smallest part",
    ]);
  });
});
