import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';

/**
 * Checks a BFF response against the committed OpenAPI document (frontend/lib/api/openapi.json, which
 * the 'api drift' check keeps equal to the route specs): the status must be documented for the
 * operation and a JSON body must match that status's schema. Requests to paths the document does not
 * describe (fuzzing, unknown routes) and non-JSON bodies are not checked.
 */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Partial<Record<string, Operation>>>;
}

const DOCUMENT_ID = 'bff-openapi';
const document = JSON.parse(
  readFileSync(join(__dirname, '../../../../../frontend/lib/api/openapi.json'), 'utf8'),
) as Document;

/** OpenAPI 3.0's `nullable: true` as JSON Schema (ajv takes `nullable` only beside a `type`, not beside a `$ref`). */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, toJsonSchema(value)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

// strict: false — `example`, `description` and the document's own fields are not JSON Schema keywords.
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value));
ajv.addFormat('date', /^\d{4}-\d\d-\d\d$/);
ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
ajv.addFormat('binary', () => true);
ajv.addSchema(toJsonSchema(document) as object, DOCUMENT_ID);

const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    // literal segments first, so /api/documents/upload wins over /api/documents/{id}
    params: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

const compiled = new Map<string, ValidateFunction>();
const pointer = (...parts: string[]): string => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Throws with the schema errors when the response does not match the document. */
export function assertMatchesOpenApi(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  const path = new URL(url, 'http://bff').pathname;
  const verb = method.toLowerCase();
  const match = templates.find((t) => t.regex.test(path) && document.paths[t.template]![verb]);
  if (!match) return;
  const operation = document.paths[match.template]![verb]!;
  const response = operation.responses[String(status)];
  const where = `${method} ${path} → ${status} (${match.template})`;
  if (!response)
    throw new Error(
      `OpenAPI: ${where} is not a documented status (documented: ${Object.keys(operation.responses).join(', ')})`,
    );
  if (!contentType?.includes('application/json')) return;
  if (!response.content?.['application/json']?.schema)
    throw new Error(`OpenAPI: ${where} answered JSON where the document gives no JSON body`);
  const schema = pointer(
    'paths',
    match.template,
    verb,
    'responses',
    String(status),
    'content',
    'application/json',
    'schema',
  );
  const ref = `${DOCUMENT_ID}#/${schema}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `OpenAPI: ${where} body does not match the document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n` +
        JSON.stringify(body).slice(0, 500),
    );
  }
}
