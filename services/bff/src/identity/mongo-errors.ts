/** MongoDB's duplicate-key error (unique index violated), from real MongoDB and the stand-in alike. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
