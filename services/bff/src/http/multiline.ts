import type { z } from 'zod';

// Marked string schemas, by identity: the mark stays out of the OpenAPI document.
const MULTILINE = new WeakSet<z.ZodType>();

/**
 * A string field that may hold line breaks (a document's text); every other string is one line
 * (see http/input-policy.ts).
 */
export function multiline<S extends z.ZodType>(schema: S): S {
  MULTILINE.add(schema);
  return schema;
}

export function isMultiline(schema: z.ZodType): boolean {
  return MULTILINE.has(schema);
}
