import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { uniqueName } from '@docket/testkit';
import { s3ClientOf } from '../../src/s3-client';
import { S3Objects } from '../../src/s3-objects';

/** The S3-compatible server the integration setup started (TEST_S3=off: none, and the S3 suites are skipped). */
export const testS3Url = process.env.TEST_S3_URL;

function testClient() {
  if (!testS3Url) throw new Error('TEST_S3_URL is not set: the integration setup started no S3 server');
  // The local server accepts any signature; the SDK signs with these.
  return s3ClientOf({
    region: 'us-east-1',
    endpoint: testS3Url,
    forcePathStyle: true,
    accessKeyId: 'test',
    secretAccessKey: 'test-secret',
  });
}

/** Objects in a fresh bucket on that server, so suites never see each other's. */
export async function testS3Objects(options: { prefix: string; partSize?: number }): Promise<S3Objects> {
  const client = testClient();
  const bucket = uniqueName('test').toLowerCase();
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return new S3Objects({ client, bucket, ...options });
}

/** Every object and every unfinished multipart upload under `prefix` in the bucket of `objects`. */
export async function bucketContents(
  objects: S3Objects,
  prefix: string,
): Promise<{ keys: string[]; uploads: string[] }> {
  const client = testClient();
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: objects.bucket, Prefix: prefix }));
    const pending = await client.send(new ListMultipartUploadsCommand({ Bucket: objects.bucket, Prefix: prefix }));
    return {
      keys: (listed.Contents ?? []).map((object) => object.Key!),
      uploads: (pending.Uploads ?? []).map((upload) => upload.Key!),
    };
  } finally {
    client.destroy();
  }
}
