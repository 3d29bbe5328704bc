/**
 * Free text (filing type names, docket ids) used as a field name in a counter map: MongoDB reads
 * "." as a path and "$" as an operator, so both are escaped, and "%" so that decoding is exact.
 */
export function encodeKey(value: string): string {
  return value.replace(/%/g, '%25').replace(/\./g, '%2E').replace(/\$/g, '%24');
}

export function decodeKey(key: string): string {
  return key.replace(/%2E/g, '.').replace(/%24/g, '$').replace(/%25/g, '%');
}
