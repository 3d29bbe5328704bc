import { isUtf8 } from 'node:buffer';
import type { z } from 'zod';
import { InputError, type FieldIssue } from '@docket/errors';
import { isMultiline } from './multiline';

/**
 * The input rules every route obeys, applied by the route builder beside each route's own schema:
 * - no key the schema does not know (zod would drop it silently: a misspelt or forbidden field
 *   such as `role` on PATCH /api/me must be refused, not ignored);
 * - no control characters (NUL and the rest of C0 but tab and newlines), no unpaired surrogates
 *   (text that is not Unicode), and no line breaks outside the fields marked `multiline`;
 * - no nesting deeper than MAX_DEPTH (no route takes more than a few levels, and a deep one would
 *   cost every reader of it recursion).
 */
export function inputPolicyIssues(
  schema: z.ZodType,
  value: unknown,
  allowedKeys: readonly string[] = [],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  walk(schema, value, [], issues, new Set(allowedKeys));
  return issues;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const MAX_DEPTH = 32;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function walk(
  schema: z.ZodType | undefined,
  value: unknown,
  path: string[],
  issues: FieldIssue[],
  allowedKeys: Set<string>,
): void {
  if (tooDeep(value, path, issues)) return;
  if (!schema) return checkAnyText(value, path, issues);
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return walk(def.innerType, value, path, issues, allowedKeys);
  if (def.type === 'pipe') return walk(def.in, value, path, issues, allowedKeys);
  if (def.type === 'lazy' && def.getter) return walk(def.getter(), value, path, issues, allowedKeys);

  if (typeof value === 'string') return checkText(value, path, issues, isMultiline(schema));
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries())
      walk(def.type === 'array' ? def.element : undefined, item, [...path, String(i)], issues, new Set());
    return;
  }
  if (!isPlainObject(value)) return;

  if (def.type === 'object' && def.shape) {
    const open = def.catchall && defOf(def.catchall).type !== 'never';
    for (const [key, item] of Object.entries(value)) {
      checkText(key, [...path, key], issues, false);
      if (Object.hasOwn(def.shape, key)) walk(def.shape[key], item, [...path, key], issues, new Set());
      else if (open) walk(def.catchall, item, [...path, key], issues, new Set());
      else if (!allowedKeys.has(key)) issues.push({ path: [...path, key].join('.'), message: 'unrecognized key' });
    }
    return;
  }
  if (def.type === 'record') {
    for (const [key, item] of Object.entries(value)) {
      checkText(key, [...path, key], issues, false);
      walk(def.valueType, item, [...path, key], issues, new Set());
    }
    return;
  }
  if (def.type === 'union' && def.options) {
    // The option the value is meant for is the one it satisfies; when none does, zod says why.
    const matching = def.options.find((option) => option.safeParse(value).success);
    return matching ? walk(matching, value, path, issues, allowedKeys) : checkAnyText(value, path, issues);
  }
  checkAnyText(value, path, issues);
}

/** Text rules only, where the schema cannot say which keys belong (transforms, intersections, any). */
function checkAnyText(value: unknown, path: string[], issues: FieldIssue[]): void {
  if (tooDeep(value, path, issues)) return;
  if (typeof value === 'string') return checkText(value, path, issues, false);
  if (Array.isArray(value)) return value.forEach((item, i) => checkAnyText(item, [...path, String(i)], issues));
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    checkText(key, [...path, key], issues, false);
    checkAnyText(item, [...path, key], issues);
  }
}

function tooDeep(value: unknown, path: string[], issues: FieldIssue[]): boolean {
  if (path.length < MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  const field = path.find((segment) => !/^\d+$/.test(segment)) ?? path[0]!;
  const at = path.slice(0, path.indexOf(field) + 1).join('.');
  if (!issues.some((issue) => issue.path === at))
    issues.push({ path: at, message: `is nested too deeply (at most ${MAX_DEPTH} levels)` });
  return true;
}

// C0 controls but tab, LF and CR; DEL; the C1 controls. Matching them is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

function checkText(text: string, path: string[], issues: FieldIssue[], multilineAllowed: boolean): void {
  const at = path.join('.');
  // A document's text keeps what extraction found (form feeds between pages), never a NUL.
  if (multilineAllowed ? text.includes('\u0000') : CONTROL.test(text))
    issues.push({ path: at, message: 'must not contain control characters (such as NUL)' });
  else if (LONE_SURROGATE.test(text))
    issues.push({ path: at, message: 'is not valid Unicode text (an unpaired surrogate)' });
  else if (!multilineAllowed && LINE_BREAK.test(text))
    issues.push({ path: at, message: 'must be a single line (no line breaks)' });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A query string whose percent-encoding does not decode (`q=%E0%A4%A`, `q=%zz`, bytes that are not
 * UTF-8): Node's parser would keep the raw characters and search for them; refused instead, by name.
 */
export function queryEncodingIssues(originalUrl: string): FieldIssue[] {
  const at = originalUrl.indexOf('?');
  if (at < 0) return [];
  const issues: FieldIssue[] = [];
  for (const pair of originalUrl.slice(at + 1).split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const [name, value] = equals < 0 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    const decodedName = decodeOrUndefined(name);
    if (decodedName === undefined || decodeOrUndefined(value) === undefined) {
      issues.push({
        path: decodedName ?? name,
        message: 'has malformed percent-encoding (each % must start a complete UTF-8 sequence such as %C3%A9)',
      });
    }
  }
  return issues;
}

function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * express.json's `verify`: a JSON body must be UTF-8. The decoder would turn bad bytes into U+FFFD
 * and the request would be stored changed; it is refused instead (the error handler answers 400).
 */
export function refuseInvalidUtf8(_req: unknown, _res: unknown, body: Buffer): void {
  if (!isUtf8(body))
    throw new InputError('the request body is not valid UTF-8', [{ path: '', message: 'is not valid UTF-8' }]);
}
