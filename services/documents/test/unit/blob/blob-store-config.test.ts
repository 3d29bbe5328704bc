import { configSchema } from '../../../src/config';

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

describe('documents config: the S3 blob store', () => {
  it('keeps attachments in a local directory unless told otherwise', () => {
    expect(configSchema.parse(BASE).BLOB_STORE).toBe('local');
  });

  it('takes a bucket (prefix documents/ by default), endpoint, path style and credentials', () => {
    const config = configSchema.parse({
      ...BASE,
      BLOB_STORE: 's3',
      DOCUMENTS_S3_BUCKET: 'docket',
      DOCUMENTS_S3_ENDPOINT: 'http://127.0.0.1:9090',
      DOCUMENTS_S3_FORCE_PATH_STYLE: '1',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'key',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config).toMatchObject({ DOCUMENTS_S3_PREFIX: 'documents/', DOCUMENTS_S3_FORCE_PATH_STYLE: true });
  });

  it('names what is missing or wrong', () => {
    expect(issuesOf({ BLOB_STORE: 's3' })).toEqual(['DOCUMENTS_S3_BUCKET: is required with BLOB_STORE=s3']);
    expect(issuesOf({ DOCUMENTS_S3_SECRET_ACCESS_KEY: 'secret' })).toEqual([
      'DOCUMENTS_S3_ACCESS_KEY_ID: is required with the other S3 credential' + CREDENTIALS_HINT,
    ]);
    expect(issuesOf({ DOCUMENTS_S3_ENDPOINT: 'minio:9000' })).toEqual([
      'DOCUMENTS_S3_ENDPOINT: must be an http(s) URL',
    ]);
  });
});
