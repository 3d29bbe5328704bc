import { NotFoundError } from '@docket/errors';

const KEY = /^[\w-]+(\/[\w.-]+)*$/;

/**
 * An export file's key (`<exportId>/<file name>`) as every store accepts it; anything else (`..`, an
 * absolute path, a name the store keeps for itself) is a file that does not exist.
 */
export function checkedKey(key: string, reserved?: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === reserved))
    throw new NotFoundError(`file ${key} not found`);
  return key;
}
