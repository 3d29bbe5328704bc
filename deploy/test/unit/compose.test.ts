/**
 * docker-compose.yml, checked without a Docker engine: parsed as YAML (with merge keys, as Compose
 * reads them), validated against the Compose Specification's JSON schema (as the docker-compose npm
 * package ships it), then the rules the schema cannot express: every service runs
 * something and has a healthcheck, every dependency exists, environment keys are variable names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..', '..');
// The Compose Specification's schema, as the docker-compose npm package (a dev dependency) ships it.
// The file names its draft-07 meta-schema by an https address ajv does not know (it has the http one).
const { $schema: _metaSchema, ...schema } = JSON.parse(
  readFileSync(require.resolve('docker-compose/schema/compose-spec.json'), 'utf8'),
) as Record<string, unknown>;
// strict: false, because the specification uses annotations ajv does not know ("deprecated").
const validateCompose = new Ajv({ allErrors: true, strict: false }).compile(schema);

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, unknown> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
}
interface ComposeFile {
  services: Record<string, ComposeService | null>;
  volumes?: Record<string, unknown>;
}

function parseCompose(text: string): ComposeFile {
  return parse(text, { merge: true }) as ComposeFile;
}

function schemaErrors(document: unknown): string[] {
  return validateCompose(document)
    ? []
    : (validateCompose.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** The rules beyond the schema; one message per problem. */
function structuralProblems(compose: ComposeFile): string[] {
  const problems: string[] = [];
  const names = Object.keys(compose.services);
  for (const [name, service] of Object.entries(compose.services)) {
    if (!/^[a-z][a-z0-9-]*$/.test(name))
      problems.push(`service name ${name} is not a lower-case service name (a mis-indented key?)`);
    if (!service || typeof service !== 'object') {
      problems.push(`service ${name} is empty`);
      continue;
    }
    if (!service.image && !service.build) problems.push(`service ${name} has neither image nor build`);
    // A one-shot (others wait for it to complete, not to be healthy) needs none.
    const oneShot = Object.values(compose.services).some(
      (other) =>
        !Array.isArray(other?.depends_on) && other?.depends_on?.[name]?.condition === 'service_completed_successfully',
    );
    if (!oneShot && (!service.healthcheck?.test || service.healthcheck.disable))
      problems.push(`service ${name} has no healthcheck`);
    const dependencies = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
    for (const dependency of dependencies) {
      if (!names.includes(dependency)) problems.push(`service ${name} depends on ${dependency}, which does not exist`);
    }
    if (service.depends_on && !Array.isArray(service.depends_on)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on)) {
        if (condition === 'service_healthy' && !compose.services[dependency]?.healthcheck) {
          problems.push(`service ${name} waits for ${dependency} to be healthy, which has no healthcheck`);
        }
      }
    }
    const keys = Array.isArray(service.environment)
      ? service.environment.map((e) => e.split('=')[0] ?? '')
      : Object.keys(service.environment ?? {});
    for (const key of keys) {
      // Upper-case variables, plus the dotted OpenSearch settings its image reads from the environment.
      if (!/^[A-Z][A-Z0-9_]*$/.test(key) && !/^[a-z]+(\.[a-z_]+)+$/.test(key))
        problems.push(`service ${name}: environment key ${key} is not a variable name`);
    }
  }
  return problems;
}

function environmentOf(service: ComposeService | null | undefined): Record<string, unknown> {
  const environment = service?.environment ?? {};
  return Array.isArray(environment)
    ? Object.fromEntries(environment.map((e) => e.split(/=(.*)/s).slice(0, 2)))
    : environment;
}

describe('docker-compose.yml', () => {
  const compose = parseCompose(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));

  it('is valid against the Compose Specification schema', () => {
    expect(schemaErrors(compose)).toEqual([]);
  });

  it('has the infrastructure, the five services and the frontend, each running something with a healthcheck', () => {
    // The trace backend behind the collector may change; these may not go missing.
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([
        'alerts',
        'bff',
        'documents',
        'export',
        'frontend',
        'kafka',
        'maildev',
        'mongo',
        'opensearch',
        'otel-collector',
        'query-engine',
        'redis',
      ]),
    );
    expect(structuralProblems(compose)).toEqual([]);
  });

  it('points the query engine at OpenSearch and the alerts service at the mail catcher', () => {
    expect(environmentOf(compose.services['query-engine'])).toMatchObject({ OPENSEARCH_URL: 'http://opensearch:9200' });
    expect(environmentOf(compose.services.alerts)).toMatchObject({ SMTP_URL: 'smtp://maildev:1025' });
  });

  it('gives every service its own gRPC port and database, and the frontend SENTRY_DSN from the shell', () => {
    const grpc = { documents: 50051, 'query-engine': 50052, alerts: 50053, export: 50054 };
    for (const [name, port] of Object.entries(grpc)) {
      const environment = environmentOf(compose.services[name]);
      expect(environment.GRPC_PORT).toBe(port);
      expect(environment.MONGO_URL).toBe('mongodb://mongo:27017');
    }
    expect(environmentOf(compose.services.frontend)).toHaveProperty('SENTRY_DSN', null);
  });

  it('services listen for other containers only with mutual TLS, from certificates grpc-certs makes first', () => {
    const certs = compose.services['grpc-certs'] as ComposeService & { command: string[]; volumes: string[] };
    const [certDir, ...parts] = certs.command.filter(
      (arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'),
    );
    const volumeAt = (service: ComposeService | null | undefined, dir: string) =>
      ((service as { volumes?: string[] }).volumes ?? []).map((v) => v.split(':')).find(([, target]) => target === dir);
    const shared = volumeAt(certs, certDir as string)?.[0];
    for (const name of ['documents', 'query-engine', 'alerts', 'export', 'bff']) {
      const service = compose.services[name];
      const environment = environmentOf(service);
      if (name !== 'bff') expect({ name, host: environment.GRPC_HOST }).toEqual({ name, host: '0.0.0.0' });
      const mount = volumeAt(service, '/tls');
      expect({ name, mount }).toEqual({ name, mount: [shared, '/tls', 'ro'] });
      expect({
        name,
        ca: environment.GRPC_TLS_CA,
        cert: environment.GRPC_TLS_CERT,
        key: environment.GRPC_TLS_KEY,
      }).toEqual({ name, ca: '/tls/ca.crt', cert: `/tls/${name}.crt`, key: `/tls/${name}.key` });
      expect(parts).toContain(name);
      expect((service?.depends_on as Record<string, { condition: string }>)['grpc-certs']).toEqual({
        condition: 'service_completed_successfully',
      });
    }
    // The CA's key lives in a volume no service mounts.
    const caKeyDir = certs.command[certs.command.indexOf('--ca-key') + 1]?.replace(/\/[^/]*$/, '');
    const caVolume = volumeAt(certs, caKeyDir as string)?.[0];
    expect(caVolume).toBeDefined();
    const mounting = Object.entries(compose.services).filter(([, service]) =>
      ((service as { volumes?: string[] }).volumes ?? []).some((v) => v.split(':')[0] === caVolume),
    );
    expect(mounting.map(([name]) => name)).toEqual(['grpc-certs']);
  });

  it('declares every named volume a service mounts', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of Object.entries(compose.services)) {
      const volumes = ((service as { volumes?: unknown[] }).volumes ?? []).filter(
        (v): v is string => typeof v === 'string',
      );
      for (const source of volumes.map((v) => v.split(':')[0] ?? '')) {
        if (source.startsWith('.') || source.startsWith('/')) continue;
        expect({ service: name, volume: source, declared: declared.includes(source) }).toEqual({
          service: name,
          volume: source,
          declared: true,
        });
      }
    }
  });

  it('catches the mis-indented key that once made a twelfth service', () => {
    const broken = parseCompose(
      [
        'services:',
        '  frontend:',
        '    image: docket/frontend',
        '    healthcheck: { test: ["CMD", "true"] }',
        '    environment:',
        '      BFF_URL: http://bff:4000',
        '  SENTRY_DSN:',
        '    depends_on:',
        '      bff: { condition: service_healthy }',
        '    ports: ["127.0.0.1:3000:3000"]',
      ].join('\n'),
    );
    expect(structuralProblems(broken)).toEqual([
      'service name SENTRY_DSN is not a lower-case service name (a mis-indented key?)',
      'service SENTRY_DSN has neither image nor build',
      'service SENTRY_DSN has no healthcheck',
      'service SENTRY_DSN depends on bff, which does not exist',
      'service SENTRY_DSN waits for bff to be healthy, which has no healthcheck',
    ]);
  });

  it('the schema refuses what Compose would refuse', () => {
    expect(schemaErrors({ services: { web: { image: 'nginx', helthcheck: {} } } }).length).toBeGreaterThan(0);
    expect(schemaErrors({ services: { web: { image: 'nginx' } }, unknown: true }).length).toBeGreaterThan(0);
  });
});
