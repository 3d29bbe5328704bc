import type { RunningBff } from '../../src/app';
import { startBffWithAdmin } from './support/harness';
import { AddressedBrowser, rawRequest, type RawResponse } from './support/raw-http';

jest.setTimeout(180_000);

const ADMIN_PASSWORD = 'admin password for the openapi inputs test';

type Schema = {
  $ref?: string;
  type?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
};
type Parameter = { name: string; in: string; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** One malformed request and the field its refusal must name ('' when only the status is checked). */
interface Case {
  what: string;
  query?: string;
  body?: string | Buffer;
  contentType?: string;
  field: string;
}

/**
 * The OpenAPI document, read back, is the table: every operation with its query parameters and JSON
 * body fields gets every kind of malformed input (wrong types, unknown keys, NUL, unpaired surrogates,
 * bad UTF-8 and percent-encoding, huge and negative numbers, deep nesting, oversized bodies) and must
 * answer a 4xx that names the field: never a 2xx (silently accepted) nor a 5xx.
 */
describe('every route of the OpenAPI document refuses malformed input with a 4xx naming the field', () => {
  let bff: RunningBff;
  let admin: AddressedBrowser;
  let stop: () => Promise<void>;
  let document: Document;

  beforeAll(async () => {
    ({ bff, admin, stop } = await startBffWithAdmin(ADMIN_PASSWORD));
    document = JSON.parse((await rawRequest(bff.url, { path: '/api/openapi.json' })).body) as Document;
  });

  afterAll(async () => {
    await stop?.();
  });

  const resolve = (schema: Schema): Schema =>
    schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()!]!) : schema;
  const typesOf = (schema: Schema): string[] => {
    const resolved = resolve(schema);
    const alternatives = resolved.anyOf ?? resolved.oneOf;
    if (alternatives) return alternatives.flatMap(typesOf);
    return resolved.type ? [resolved.type] : [];
  };
  const wrongValue = (schema: Schema): unknown => {
    const types = typesOf(schema);
    return [12345, 'not a number', true, ['x'], { zz: 1 }].find((value) => {
      const kind = Array.isArray(value)
        ? 'array'
        : typeof value === 'object'
          ? 'object'
          : typeof value === 'number'
            ? 'number'
            : typeof value;
      return !types.includes(kind) && !(kind === 'number' && types.includes('integer'));
    });
  };

  function queryCases(parameter: Parameter): Case[] {
    const name = parameter.name;
    const cases: Case[] = [
      { what: `${name}: NUL`, query: `${name}=a%00b`, field: name },
      { what: `${name}: an encoded unpaired surrogate`, query: `${name}=%ED%A0%80`, field: name },
      { what: `${name}: a percent-encoding cut short`, query: `${name}=%E0%A4%A`, field: name },
      { what: `${name}: bytes that are not UTF-8`, query: `${name}=%C3%28`, field: name },
    ];
    const schema = resolve(parameter.schema);
    const types = typesOf(schema);
    if (types.includes('number') || types.includes('integer')) {
      cases.push({ what: `${name}: not a number`, query: `${name}=abc`, field: name });
      if (schema.maximum !== undefined) cases.push({ what: `${name}: huge`, query: `${name}=1e309`, field: name });
      if (schema.minimum !== undefined && schema.minimum >= 0)
        cases.push({ what: `${name}: negative`, query: `${name}=-1`, field: name });
    }
    if (schema.enum)
      cases.push({ what: `${name}: not one of its values`, query: `${name}=zz-not-a-choice`, field: name });
    return cases;
  }

  function bodyCases(schema: Schema): Case[] {
    const json = (value: unknown) => JSON.stringify(value);
    const resolved = resolve(schema);
    const cases: Case[] = [
      { what: 'an unknown key', body: json({ zzUnknown: 1 }), field: 'zzUnknown' },
      {
        what: 'a body that is not UTF-8',
        body: Buffer.concat([Buffer.from('{"a":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
        field: '',
      },
      { what: 'JSON sent as text/plain', body: '{}', contentType: 'text/plain', field: '' },
      { what: 'an oversized body', body: json({ zzBig: 'x'.repeat(7 * 1024 * 1024) }), field: '' },
      { what: 'an array, not an object', body: '[]', field: '' },
    ];
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      const wrong = wrongValue(property);
      if (wrong !== undefined)
        cases.push({ what: `${name}: the wrong type`, body: json({ [name]: wrong }), field: name });
      if (typesOf(property).includes('string')) {
        cases.push({ what: `${name}: NUL`, body: json({ [name]: 'a\u0000b' }), field: name });
        cases.push({ what: `${name}: an unpaired surrogate`, body: `{"${name}":"a\\ud800b"}`, field: name });
      }
      const nested = resolve(property);
      if (nested.properties)
        cases.push({
          what: `${name}: an unknown nested key`,
          body: json({ [name]: { zzNested: 1 } }),
          field: `${name}.zzNested`,
        });
      const numeric = resolve(property);
      if (
        (typesOf(numeric).includes('number') || typesOf(numeric).includes('integer')) &&
        numeric.minimum !== undefined &&
        numeric.minimum >= 0
      ) {
        cases.push({ what: `${name}: negative`, body: json({ [name]: -1 }), field: name });
      }
    }
    const first = Object.keys(resolved.properties ?? {})[0];
    if (first)
      cases.push({
        what: `${first}: nested 5,000 deep`,
        body: `{"${first}":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        field: first,
      });
    return cases;
  }

  it('answers every case with a 4xx that says what is wrong and where', async () => {
    const failures: string[] = [];
    const pathCases: (Case & { method: string; template: string; path: string })[] = [];
    let requests = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const path = template.replace(/\{\w+\}/g, 'x1');
        const pathParams = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        for (const name of pathParams) {
          // A path parameter is checked in the path itself: the other parameters stay well-formed.
          for (const [what, segment, field] of [
            ['NUL', 'a%00b', name],
            ['an unpaired surrogate', '%ED%A0%80', ''],
            ['a percent-encoding cut short', '%E0%A4%A', ''],
          ]) {
            pathCases.push({
              method,
              template,
              path: template.replace(`{${name}}`, segment!).replace(/\{\w+\}/g, 'x1'),
              what: `${name} in the path: ${what}`,
              field: field!,
            });
          }
        }
        const cases: Case[] = [
          { what: 'an unknown query parameter', query: 'zzUnknown=1', field: 'zzUnknown' },
          ...(operation.parameters ?? []).filter((p) => p.in === 'query').flatMap(queryCases),
        ];
        const jsonBody = operation.requestBody?.content['application/json']?.schema;
        if (jsonBody) cases.push(...bodyCases(jsonBody));

        for (const c of cases) {
          const headers: Record<string, string> = {
            cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'x-csrf-token': admin.cookies.get('drs_csrf') ?? '',
          };
          if (c.body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
          const res: RawResponse = await rawRequest(bff.url, {
            method: method.toUpperCase(),
            path: c.query ? `${path}?${c.query}` : path,
            headers,
            body: c.body,
          });
          requests += 1;
          const where = `${method.toUpperCase()} ${template} with ${c.what}`;
          if (res.status < 400 || res.status >= 500) {
            failures.push(`${where}: ${res.status} ${res.body.slice(0, 160)}`);
            continue;
          }
          const error = (JSON.parse(res.body) as { error?: { message?: string; issues?: { path: string }[] } }).error;
          if (!error?.message) failures.push(`${where}: ${res.status} without a message`);
          else if (
            c.field &&
            !error.issues?.some((issue) => issue.path === c.field || issue.path.startsWith(`${c.field}.`))
          ) {
            failures.push(`${where}: ${res.status} does not name ${c.field}: ${JSON.stringify(error).slice(0, 200)}`);
          }
        }
      }
    }
    for (const c of pathCases) {
      const headers = {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': admin.cookies.get('drs_csrf') ?? '',
      };
      const res = await rawRequest(bff.url, { method: c.method.toUpperCase(), path: c.path, headers });
      requests += 1;
      const where = `${c.method.toUpperCase()} ${c.template} with ${c.what}`;
      if (res.status < 400 || res.status >= 500) failures.push(`${where}: ${res.status} ${res.body.slice(0, 160)}`);
      else {
        const error = (JSON.parse(res.body) as { error?: { message?: string; issues?: { path: string }[] } }).error;
        if (!error?.message) failures.push(`${where}: ${res.status} without a message`);
        else if (c.field && !error.issues?.some((issue) => issue.path === c.field))
          failures.push(`${where}: does not name ${c.field}: ${JSON.stringify(error).slice(0, 200)}`);
      }
    }
    console.log(`openapi inputs: ${requests} malformed requests over ${Object.keys(document.paths).length} paths`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(500);
    // Still answering, and the session still good.
    expect((await admin.request('GET', '/api/auth/session')).status).toBe(200);
  });
});
