import { NotFoundError } from '@docket/errors';

const KEY = /^[0-9a-f]{64}$/;

/** A blob's key is its content's sha256 (hex); any other key names no blob. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new NotFoundError(`blob ${key} not found`);
  return key;
}
