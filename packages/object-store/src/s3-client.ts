import { S3Client } from '@aws-sdk/client-s3';

/** Where a service's objects live: AWS S3 or any S3-compatible server (MinIO, Ceph, S3Mock). */
export interface S3Connection {
  region: string;
  /** Unset for AWS itself; e.g. http://127.0.0.1:9090 for a local server. */
  endpoint?: string | undefined;
  /** Bucket in the path (http://host/bucket/key), as MinIO and S3Mock expect, not in the host name. */
  forcePathStyle: boolean;
  /** Both or neither; neither: the AWS SDK's default chain (AWS_* variables, instance or pod role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

export function s3ClientOf(connection: S3Connection): S3Client {
  const { accessKeyId, secretAccessKey } = connection;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3 credentials need both an access key id and a secret access key, or neither');
  return new S3Client({
    region: connection.region,
    forcePathStyle: connection.forcePathStyle,
    ...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    // Checksums only where S3 requires them: third-party servers reject or mishandle the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
