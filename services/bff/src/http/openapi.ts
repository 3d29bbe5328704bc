import { OpenApiGeneratorV3, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** Builds the OpenAPI 3.0 document from every route registered through ApiRouter. */
export function buildOpenApiDocument(registry: OpenAPIRegistry): ReturnType<OpenApiGeneratorV3['generateDocument']> {
  registry.registerComponent('securitySchemes', 'sessionCookie', { type: 'apiKey', in: 'cookie', name: 'drs_session' });
  registry.registerComponent('securitySchemes', 'csrfHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'x-csrf-token',
    description: 'Must equal the drs_csrf cookie (GET /api/auth/csrf) on every POST/PUT/PATCH/DELETE',
  });
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Docket Research BFF',
      version: '1.0.0',
      description: 'REST/JSON API of the Docket Research frontend. Errors: { error: { code, message, issues? } }.',
    },
    servers: [{ url: '/' }],
  });
}
