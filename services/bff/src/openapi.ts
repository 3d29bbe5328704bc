import { OpenApiGeneratorV3, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { StackStatus } from './admin/admin.schemas';
import { Docket, Provenance, Source } from './documents/documents.schemas';
import { Citation } from './queries/queries.schemas';

/**
 * Named schemas that routes also use as `X.nullable()`. zod-to-openapi (8, with zod 4) makes the
 * component nullable when the first use it meets is the nullable one; generating the plain schemas
 * first keeps every component as declared.
 */
const NULLABLE_ELSEWHERE: z.ZodType[] = [Provenance, Docket, Source, StackStatus, Citation];

type Json = unknown;

/**
 * A nullable reference comes out as `allOf: [{ $ref }, { nullable: true }]`, which allows no null at
 * all (null is not the referenced object); OpenAPI 3.0 says it as `{ allOf: [{ $ref }], nullable: true }`.
 */
function fixNullableRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(fixNullableRefs);
  if (node === null || typeof node !== 'object') return node;
  const object = node as Record<string, Json>;
  const allOf = object.allOf;
  if (Array.isArray(allOf) && allOf.length === 2 && isOnlyNullable(allOf[1])) {
    const { allOf: _allOf, ...rest } = object;
    return { ...(fixNullableRefs(rest) as object), allOf: [fixNullableRefs(allOf[0])], nullable: true };
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fixNullableRefs(value)]));
}

function isOnlyNullable(value: Json): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    Object.keys(value).length === 1 &&
    (value as { nullable?: unknown }).nullable === true
  );
}

/** Builds the OpenAPI 3.0 document from every route registered through ApiRouter. */
export function buildOpenApiDocument(registry: OpenAPIRegistry): ReturnType<OpenApiGeneratorV3['generateDocument']> {
  registry.registerComponent('securitySchemes', 'sessionCookie', { type: 'apiKey', in: 'cookie', name: 'drs_session' });
  registry.registerComponent('securitySchemes', 'csrfHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'x-csrf-token',
    description: 'Must equal the drs_csrf cookie (GET /api/auth/csrf) on every POST/PUT/PATCH/DELETE',
  });
  const definitions = [
    ...NULLABLE_ELSEWHERE.map((schema) => ({ type: 'schema' as const, schema })),
    ...registry.definitions,
  ];
  const document = new OpenApiGeneratorV3(definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Docket Research BFF',
      version: '1.0.0',
      description: 'REST/JSON API of the Docket Research frontend. Errors: { error: { code, message, issues? } }.',
    },
    servers: [{ url: '/' }],
  });
  return fixNullableRefs(document) as typeof document;
}
