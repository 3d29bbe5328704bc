export { s3ClientOf, type S3Connection } from './s3-client';
export { S3Objects, type S3ObjectsOptions } from './s3-objects';
export { S3ObjectWriter, MIN_PART_SIZE, type WrittenObject } from './s3-object-writer';
