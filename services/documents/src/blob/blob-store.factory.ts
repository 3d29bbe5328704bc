import { blobDirOf, type Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalDirectoryBlobStore } from './local-directory.blob-store';

/** The store BLOB_STORE names: a local directory, or an S3-compatible bucket. */
export async function blobStoreOf(config: Config): Promise<BlobStore> {
  if (config.BLOB_STORE === 'local') return new LocalDirectoryBlobStore(blobDirOf(config));
  // The AWS SDK is loaded only when the S3 store is configured.
  const [{ S3BlobStore }, { S3Objects, s3ClientOf }] = await Promise.all([
    import('./s3.blob-store'),
    import('@docket/object-store'),
  ]);
  const client = s3ClientOf({
    region: config.DOCUMENTS_S3_REGION,
    endpoint: config.DOCUMENTS_S3_ENDPOINT,
    forcePathStyle: config.DOCUMENTS_S3_FORCE_PATH_STYLE,
    accessKeyId: config.DOCUMENTS_S3_ACCESS_KEY_ID,
    secretAccessKey: config.DOCUMENTS_S3_SECRET_ACCESS_KEY,
  });
  return new S3BlobStore(
    new S3Objects({ client, bucket: config.DOCUMENTS_S3_BUCKET!, prefix: config.DOCUMENTS_S3_PREFIX }),
  );
}
