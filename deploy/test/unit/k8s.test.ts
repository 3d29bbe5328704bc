/**
 * deploy/k8s, checked without a cluster: both kustomizations (the application and infra/) are
 * rendered as kustomize would (plain `resources:` lists, files or directories; anything else is
 * refused here rather than ignored), every built-in object is validated against the Kubernetes API
 * schemas with kubernetes-models (deploy/test/support/validate-k8s.mjs), the operators' custom
 * resources are checked for the fields their CRDs require, and the objects are checked against each
 * other: selectors, references, the addresses in the ConfigMap (the trace collector's included: it
 * must run compose's pipeline, deploy/otel/collector.yaml), volumes, autoscalers. cert-manager's
 * Certificates and Issuers are validated against its CRDs (@kubernetes-models/cert-manager), and the
 * NetworkPolicies are evaluated: who can open a connection to each service and store.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const k8sDir = join(__dirname, '..', '..', 'k8s');
const composeCollectorConfig = join(__dirname, '..', '..', 'otel', 'collector.yaml');
const composeFile = join(__dirname, '..', '..', '..', 'docker-compose.yml');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [key: string]: unknown;
}

interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; optional?: boolean }; configMapKeyRef?: { name: string } };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: { grpc?: { port: number }; httpGet?: { path: string; port: string | number } };
  readinessProbe?: { grpc?: { port: number }; httpGet?: { path: string; port: string | number } };
  livenessProbe?: { grpc?: { port: number }; httpGet?: { path: string; port: string | number } };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}
interface PodSpec {
  containers: Container[];
  volumes?: {
    name: string;
    emptyDir?: unknown;
    persistentVolumeClaim?: { claimName: string };
    secret?: { secretName: string; optional?: boolean };
    configMap?: { name: string };
  }[];
}
interface WorkloadSpec {
  replicas?: number;
  strategy?: { type?: string };
  selector: { matchLabels: Record<string, string> };
  template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
}

const KUSTOMIZATION_KEYS = ['apiVersion', 'kind', 'resources'];

/** The objects a kustomization directory renders to, in order. */
function render(directory: string): K8sObject[] {
  const kustomization = parse(readFileSync(join(directory, 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
  const unsupported = Object.keys(kustomization).filter((key) => !KUSTOMIZATION_KEYS.includes(key));
  if (unsupported.length > 0)
    throw new Error(
      `${directory}/kustomization.yaml: ${unsupported.join(', ')} not rendered by this test; extend render()`,
    );
  const objects: K8sObject[] = [];
  for (const resource of kustomization.resources as string[]) {
    const path = join(directory, resource);
    if (statSync(path).isDirectory()) {
      objects.push(...render(path));
      continue;
    }
    for (const document of parseAllDocuments(readFileSync(path, 'utf8'))) {
      if (document.errors.length > 0) throw new Error(`${path}: ${document.errors.map((e) => e.message).join('; ')}`);
      const object = document.toJS() as K8sObject | null;
      if (object !== null) objects.push(object);
    }
  }
  return objects;
}

type Validation = { status: 'valid' } | { status: 'invalid'; error: string } | { status: 'unknown' };

function validateBuiltIns(objects: K8sObject[]): Validation[] {
  const run = spawnSync(process.execPath, [join(__dirname, '..', 'support', 'validate-k8s.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
    cwd: dirname(k8sDir),
  });
  if (run.status !== 0) throw new Error(`validate-k8s.mjs failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Validation[];
}

/** What each operator's CRD requires (and what these manifests rely on), as paths into the object. */
const CUSTOM_RESOURCES: Record<string, string[]> = {
  'kafka.strimzi.io/v1beta2 Kafka': [
    'spec.kafka.listeners',
    'spec.kafka.version',
    'spec.kafka.metadataVersion',
    'spec.entityOperator.topicOperator',
  ],
  'kafka.strimzi.io/v1beta2 KafkaNodePool': [
    'metadata.labels.strimzi.io/cluster',
    'spec.replicas',
    'spec.roles',
    'spec.storage.type',
  ],
  'kafka.strimzi.io/v1beta2 KafkaTopic': [
    'metadata.labels.strimzi.io/cluster',
    'spec.topicName',
    'spec.partitions',
    'spec.replicas',
  ],
  'mongodbcommunity.mongodb.com/v1 MongoDBCommunity': [
    'spec.members',
    'spec.type',
    'spec.version',
    'spec.security.authentication.modes',
    'spec.users',
  ],
  'opensearch.opster.io/v1 OpenSearchCluster': ['spec.general.serviceName', 'spec.general.version', 'spec.nodePools'],
};

/** Reads a dotted path; a label key with dots (strimzi.io/cluster) is matched whole. */
function at(object: unknown, path: string): unknown {
  let value: unknown = object;
  let rest = path;
  while (rest.length > 0 && value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const key = Object.keys(record).find((k) => rest === k || rest.startsWith(`${k}.`));
    if (key === undefined) return undefined;
    value = record[key];
    rest = rest.slice(key.length + 1);
  }
  return rest.length > 0 ? undefined : value;
}

const present = (value: unknown) =>
  value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

function workload(object: K8sObject): WorkloadSpec {
  return object.spec as unknown as WorkloadSpec;
}

function matches(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return Object.entries(selector).every(([key, value]) => labels?.[key] === value);
}

/** The container port a port reference (a number, or a container port's name) names. */
function containerPort(container: Container | undefined, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return container?.ports?.some((p) => p.containerPort === port) ? port : undefined;
  return container?.ports?.find((p) => p.name === port)?.containerPort;
}

interface Resolved {
  service: K8sObject;
  workload: K8sObject;
  container: Container;
  containerPort: number;
}

/**
 * Follows host:port as a pod in `namespace` would resolve it (`name`, `name.ns.svc`, or with
 * `.cluster.local`): to a Service that exists with that port, the Deployment or StatefulSet whose pods
 * it selects, and the container port its targetPort names there. Undefined wherever the chain breaks.
 */
function resolve(objects: K8sObject[], address: string, namespace: string | undefined): Resolved | undefined {
  const url = new URL(address.includes('://') ? address : `tcp://${address}`);
  const [name, ns = namespace, svc, ...rest] = url.hostname.split('.');
  if ((svc !== undefined && svc !== 'svc') || (rest.length > 0 && rest.join('.') !== 'cluster.local')) return undefined;
  const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === name && o.metadata.namespace === ns);
  const port = (service?.spec?.ports as { port: number; targetPort?: string | number }[] | undefined)?.find(
    (p) => p.port === Number(url.port),
  );
  if (!service || !port) return undefined;
  const workloads = objects.filter(
    (o) =>
      ['Deployment', 'StatefulSet'].includes(o.kind) &&
      o.metadata.namespace === ns &&
      matches(service.spec?.selector as Record<string, string>, workload(o).template.metadata.labels),
  );
  if (workloads.length !== 1) return undefined;
  const [selected] = workloads as [K8sObject];
  for (const container of workload(selected).template.spec.containers) {
    const target = containerPort(container, port.targetPort ?? port.port);
    if (target !== undefined) return { service, workload: selected, container, containerPort: target };
  }
  return undefined;
}

const portOf = (endpoint: string) => Number(endpoint.slice(endpoint.lastIndexOf(':') + 1));

describe('deploy/k8s', () => {
  const app = render(k8sDir);
  const infra = render(join(k8sDir, 'infra'));
  const all = [...infra, ...app];
  const deployments = app.filter((o) => o.kind === 'Deployment');
  const configMap = find(app, 'ConfigMap', 'docket-env');

  it('renders both kustomizations: objects have apiVersion, kind, name, (bar namespaces) a created namespace', () => {
    expect(app.length).toBeGreaterThan(20);
    expect(infra.length).toBeGreaterThan(10);
    const namespaces = all.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name);
    expect(namespaces.sort()).toEqual(['docket-infra', 'docket-research']);
    for (const object of all) {
      expect({
        object: `${object.kind}/${object.metadata?.name}`,
        ok:
          typeof object.apiVersion === 'string' &&
          typeof object.kind === 'string' &&
          typeof object.metadata?.name === 'string',
      }).toEqual({ object: `${object.kind}/${object.metadata?.name}`, ok: true });
      if (object.kind !== 'Namespace') expect(namespaces).toContain(object.metadata.namespace);
    }
    const keys = all.map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('every built-in object is valid against the Kubernetes API schemas (kubernetes-models)', () => {
    const results = validateBuiltIns(all);
    const invalid = results.flatMap((r, i) =>
      r.status === 'invalid' ? [`${all[i]?.kind}/${all[i]?.metadata.name}: ${r.error}`] : [],
    );
    expect(invalid).toEqual([]);
    const unknown = results.flatMap((r, i) =>
      r.status === 'unknown' ? [`${all[i]?.apiVersion} ${all[i]?.kind}`] : [],
    );
    // Everything kubernetes-models does not know must be one of the operators' custom resources below.
    expect([...new Set(unknown)].sort()).toEqual(Object.keys(CUSTOM_RESOURCES).sort());
    expect(results.filter((r) => r.status === 'valid').length).toBeGreaterThan(25);
    // cert-manager's resources are among the valid: checked against its CRDs' schemas.
    const certManager = all.flatMap((o, i) =>
      o.apiVersion === 'cert-manager.io/v1' ? [`${o.kind} ${results[i]?.status}`] : [],
    );
    expect(new Set(certManager)).toEqual(new Set(['Issuer valid', 'Certificate valid']));
  });

  it('the validator refuses what the API server would refuse', () => {
    const [wrongType, missingField] = validateBuiltIns([
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'x' },
        spec: { replicas: 'two', selector: {}, template: {} },
      },
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: { name: 'x' },
        spec: { rules: [{ http: { paths: [{ path: '/', backend: {} }] } }] },
      },
    ]);
    expect(wrongType).toMatchObject({ status: 'invalid', error: expect.stringContaining('replicas') });
    expect(missingField).toMatchObject({ status: 'invalid', error: expect.stringContaining('pathType') });
    const [badUsage, noSecret, badPolicy] = validateBuiltIns([
      {
        apiVersion: 'cert-manager.io/v1',
        kind: 'Certificate',
        metadata: { name: 'x' },
        spec: { secretName: 'x', issuerRef: { name: 'ca' }, usages: ['server'] },
      },
      {
        apiVersion: 'cert-manager.io/v1',
        kind: 'Certificate',
        metadata: { name: 'x' },
        spec: { issuerRef: { name: 'ca' } },
      },
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: { name: 'x' },
        spec: { podSelector: {}, ingress: [{ ports: [{ port: 50051, protocol: 'HTTP' }] }] },
      },
    ]);
    expect(badUsage).toMatchObject({ status: 'invalid', error: expect.stringContaining('usages') });
    expect(noSecret).toMatchObject({ status: 'invalid', error: expect.stringContaining('secretName') });
    expect(badPolicy).toMatchObject({ status: 'invalid', error: expect.stringContaining('protocol') });
  });

  it("the operators' custom resources have the fields their CRDs require", () => {
    const custom = all.filter((o) => `${o.apiVersion} ${o.kind}` in CUSTOM_RESOURCES);
    for (const object of custom) {
      const missing = (CUSTOM_RESOURCES[`${object.apiVersion} ${object.kind}`] ?? []).filter(
        (path) => !present(at(object, path)),
      );
      expect({ object: `${object.kind}/${object.metadata.name}`, missing }).toEqual({
        object: `${object.kind}/${object.metadata.name}`,
        missing: [],
      });
    }
    for (const user of (find(infra, 'MongoDBCommunity', 'mongo')?.spec?.users ?? []) as Record<string, unknown>[]) {
      for (const path of ['name', 'db', 'passwordSecretRef.name', 'scramCredentialsSecretName', 'roles'])
        expect({ path, value: present(at(user, path)) }).toEqual({ path, value: true });
    }
    for (const pool of (find(infra, 'OpenSearchCluster', 'docket-search')?.spec?.nodePools ?? []) as Record<
      string,
      unknown
    >[]) {
      for (const path of ['component', 'replicas', 'diskSize', 'roles'])
        expect({ path, value: present(at(pool, path)) }).toEqual({ path, value: true });
    }
  });

  it('Kafka runs in KRaft mode on node pools, with the topics of DESIGN.md §2 replicated three times', () => {
    const kafka = infra.find((o) => o.kind === 'Kafka');
    expect(kafka?.metadata.annotations).toMatchObject({
      'strimzi.io/kraft': 'enabled',
      'strimzi.io/node-pools': 'enabled',
    });
    const pools = infra.filter((o) => o.kind === 'KafkaNodePool');
    expect(pools.map((p) => p.metadata.labels?.['strimzi.io/cluster'])).toEqual(pools.map(() => kafka?.metadata.name));
    const roles = new Set(pools.flatMap((p) => p.spec?.roles as string[]));
    expect([...roles].sort()).toEqual(['broker', 'controller']);
    const topics = infra.filter((o) => o.kind === 'KafkaTopic');
    expect(topics.map((t) => t.spec?.topicName).sort()).toEqual([
      'alerts.triggered.v1',
      'catalog.release-published.v1',
      'documents.deleted.v1',
      'documents.ingested.v1',
      'documents.updated.v1',
      'exports.completed.v1',
      'processes.updated.v1',
      'queries.completed.v1',
    ]);
    for (const topic of topics) {
      expect(topic.metadata.labels?.['strimzi.io/cluster']).toBe(kafka?.metadata.name);
      expect(topic.spec).toMatchObject({ replicas: 3, config: { 'min.insync.replicas': 2 } });
    }
  });

  it("the ConfigMap's addresses are the infrastructure's services, and production does not seed a corpus", () => {
    const data = configMap?.data ?? {};
    const kafka = infra.find((o) => o.kind === 'Kafka');
    const plain = (at(kafka, 'spec.kafka.listeners') as { name: string; port: number; tls: boolean }[]).find(
      (l) => !l.tls,
    );
    expect(data.KAFKA_BROKERS).toBe(
      `${kafka?.metadata.name}-kafka-bootstrap.${kafka?.metadata.namespace}.svc:${plain?.port}`,
    );
    const redis = find(infra, 'Service', 'redis');
    expect(data.REDIS_URL).toBe(`redis://redis.${redis?.metadata.namespace}.svc:6379`);
    expect(data.SEED_CORPUS).toBe('false');
    // Credentials live in the secret created out of band, never here.
    expect(Object.keys(data)).not.toContain('MONGO_URL');
    expect(Object.keys(data)).not.toContain('SESSION_SECRET');
  });

  it('holds no Secret: docket-secrets is created out of band and only referenced', () => {
    expect(all.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const deployment of deployments) {
      for (const container of workload(deployment).template.spec.containers) {
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef) expect(find(app, 'ConfigMap', source.configMapRef.name)).toBeDefined();
          if (source.secretRef) expect(source.secretRef.name).toBe('docket-secrets');
        }
      }
    }
  });

  it('the MongoDB user may write every database a service uses', () => {
    const databases = deployments.flatMap((d) =>
      workload(d).template.spec.containers.flatMap((c) =>
        (c.env ?? []).filter((e) => e.name === 'MONGO_DB').map((e) => e.value),
      ),
    );
    expect(databases.sort()).toEqual(['alerts', 'bff', 'documents', 'export', 'query_engine']);
    const users = at(find(infra, 'MongoDBCommunity', 'mongo'), 'spec.users') as {
      roles: { name: string; db: string }[];
    }[];
    const writable = users.flatMap((u) => u.roles.filter((r) => r.name === 'readWrite').map((r) => r.db));
    expect(writable.sort()).toEqual(databases);
  });

  it('every service runs a pinned image with its probes, CPU requests and TRUST_PROXY where HTTP comes in', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([
      'alerts',
      'bff',
      'documents',
      'export',
      'frontend',
      'query-engine',
    ]);
    for (const object of [
      ...deployments,
      ...infra.filter((o) => o.kind === 'StatefulSet' || o.kind === 'Deployment'),
    ]) {
      for (const container of workload(object).template.spec.containers) {
        expect(container.image).toMatch(/^[a-z0-9./-]+:\d+\.\d+\.\d+$/);
        expect({ name: container.name, memoryLimit: container.resources?.limits?.memory }).toEqual({
          name: container.name,
          memoryLimit: expect.any(String),
        });
        expect({ name: container.name, probes: [!!container.readinessProbe, !!container.livenessProbe] }).toEqual({
          name: container.name,
          probes: [true, true],
        });
        expect(container.resources?.requests?.cpu).toBeDefined();
      }
    }
    for (const deployment of deployments)
      expect(workload(deployment).template.spec.containers[0]?.startupProbe).toBeDefined();
    for (const name of ['bff', 'frontend']) {
      const env = workload(find(app, 'Deployment', name) as K8sObject).template.spec.containers[0]?.env ?? [];
      expect(env.find((e) => e.name === 'TRUST_PROXY')?.value).toBe('uniquelocal');
      expect(env.find((e) => e.name === 'COOKIE_SECURE')?.value).toBe('true');
    }
  });

  it('keeps the index and the blob store on persistent volumes, one pod at a time', () => {
    for (const [name, claim] of [
      ['query-engine', 'query-engine-index'],
      ['documents', 'documents-data'],
    ] as const) {
      const spec = workload(find(app, 'Deployment', name) as K8sObject);
      const data = spec.template.spec.volumes?.find((v) => v.name === 'data');
      expect(data).toEqual({ name: 'data', persistentVolumeClaim: { claimName: claim } });
      expect(spec.template.spec.containers[0]?.volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
      expect(find(app, 'PersistentVolumeClaim', claim)?.spec).toMatchObject({ accessModes: ['ReadWriteOnce'] });
      expect(spec.replicas).toBe(1);
      expect(spec.strategy?.type).toBe('Recreate');
    }
  });

  it('autoscales the stateless services, which leave their replica count to the autoscaler', () => {
    const autoscalers = app.filter((o) => o.kind === 'HorizontalPodAutoscaler');
    expect(autoscalers.map((h) => h.metadata.name).sort()).toEqual(['alerts', 'bff', 'export', 'frontend']);
    for (const hpa of autoscalers) {
      const target = at(hpa, 'spec.scaleTargetRef') as { kind: string; name: string };
      const deployment = find(app, target.kind, target.name);
      expect(deployment).toBeDefined();
      expect(workload(deployment as K8sObject).replicas).toBeUndefined();
      expect(at(hpa, 'spec.minReplicas')).toBeGreaterThanOrEqual(2);
      if (target.name === 'alerts' || target.name === 'export') {
        // Kafka consumers beyond their topic's partitions would stay idle.
        const partitions = infra.filter((o) => o.kind === 'KafkaTopic').map((t) => t.spec?.partitions as number);
        expect(at(hpa, 'spec.maxReplicas')).toBeLessThanOrEqual(Math.min(...partitions));
      }
    }
  });

  it('selectors select: services and disruption budgets find their pods, the ingress its service and port', () => {
    const pods = deployments.map((d) => workload(d).template.metadata.labels);
    for (const deployment of deployments)
      expect(matches(workload(deployment).selector.matchLabels, workload(deployment).template.metadata.labels)).toBe(
        true,
      );
    for (const service of app.filter((o) => o.kind === 'Service')) {
      expect({
        service: service.metadata.name,
        selects: pods.some((labels) => matches(service.spec?.selector as Record<string, string>, labels)),
      }).toEqual({ service: service.metadata.name, selects: true });
    }
    const budgets = app.filter((o) => o.kind === 'PodDisruptionBudget');
    expect(budgets.map((b) => b.metadata.name).sort()).toEqual(deployments.map((d) => d.metadata.name).sort());
    for (const budget of budgets)
      expect(
        pods.filter((labels) => matches(at(budget, 'spec.selector.matchLabels') as Record<string, string>, labels)),
      ).toHaveLength(1);
    const paths = (
      at(find(app, 'Ingress', 'docket'), 'spec.rules') as {
        http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] };
      }[]
    ).flatMap((rule) => rule.http.paths);
    for (const { backend } of paths) {
      const service = find(app, 'Service', backend.service.name);
      expect((service?.spec?.ports as { name: string }[]).map((p) => p.name)).toContain(backend.service.port.name);
    }
    // infra/'s own services (the operators create theirs) select their pods too.
    const infraPods = infra
      .filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet')
      .map((o) => workload(o).template.metadata.labels);
    for (const service of infra.filter((o) => o.kind === 'Service')) {
      expect({
        service: service.metadata.name,
        selects: infraPods.filter((labels) => matches(service.spec?.selector as Record<string, string>, labels)).length,
      }).toEqual({ service: service.metadata.name, selects: 1 });
    }
  });

  describe("traces: the OpenTelemetry collector with compose's pipeline, and the backend behind it", () => {
    type CollectorConfig = {
      receivers: { otlp: { protocols: { grpc: { endpoint: string }; http: { endpoint: string } } } };
      exporters: Record<string, { endpoint?: string }>;
      extensions: { health_check: { endpoint: string } };
      service: { extensions: string[]; pipelines: Record<string, { exporters: string[] }> };
    };
    const collectorMap = find(infra, 'ConfigMap', 'otel-collector');
    const config = parse(collectorMap?.data?.['collector.yaml'] ?? '') as CollectorConfig;
    const compose = parse(readFileSync(composeFile, 'utf8')) as { services: Record<string, { image?: string }> };
    const endpoint = configMap?.data?.OTEL_EXPORTER_OTLP_ENDPOINT ?? '';

    it('the ConfigMap holds the configuration compose mounts (deploy/otel/collector.yaml), comments aside', () => {
      expect(config).toEqual(parse(readFileSync(composeCollectorConfig, 'utf8')));
    });

    it("services' OTEL_EXPORTER_OTLP_ENDPOINT is the collector's Service and port, and its OTLP/HTTP receiver", () => {
      // The services run in docket-research; the collector elsewhere, so the name carries its namespace.
      expect(endpoint).toMatch(/^http:\/\/[a-z0-9-]+\.[a-z0-9-]+\.svc:\d+$/);
      const resolved = resolve(all, endpoint, configMap?.metadata.namespace);
      expect(resolved?.service.metadata).toMatchObject({ name: 'otel-collector', namespace: 'docket-infra' });
      expect(resolved?.workload.kind).toBe('Deployment');
      expect(resolved?.containerPort).toBe(portOf(config.receivers.otlp.protocols.http.endpoint));
    });

    it("the collector runs compose's image on that ConfigMap, probed on its health_check extension", () => {
      const collector = resolve(all, endpoint, configMap?.metadata.namespace);
      const container = collector?.container as Container;
      expect(container.image).toBe(compose.services['otel-collector']?.image);
      const mount = container.volumeMounts?.find((m) => m.mountPath === '/etc/otelcol');
      const volume = workload(collector?.workload as K8sObject).template.spec.volumes?.find(
        (v) => v.name === mount?.name,
      );
      expect(volume?.configMap?.name).toBe(collectorMap?.metadata.name);
      expect(collectorMap?.metadata.namespace).toBe(collector?.workload.metadata.namespace);
      expect(container.args).toContain(`--config=${mount?.mountPath}/collector.yaml`);
      expect(config.service.extensions).toContain('health_check');
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        expect(containerPort(container, probe?.httpGet?.port)).toBe(portOf(config.extensions.health_check.endpoint));
      }
      // The OTLP/gRPC receiver is reachable through the Service too.
      const grpcPort = portOf(config.receivers.otlp.protocols.grpc.endpoint);
      const grpc = `${collector?.service.metadata.name}.${collector?.service.metadata.namespace}.svc:${grpcPort}`;
      expect(resolve(all, grpc, undefined)?.containerPort).toBe(grpcPort);
    });

    it("every exporter with an endpoint reaches a collector-namespace Service running compose's backend", () => {
      const withEndpoint = Object.entries(config.exporters).filter(([, exporter]) => exporter.endpoint !== undefined);
      expect(withEndpoint.map(([name]) => name)).toEqual(['otlp/jaeger']);
      expect(config.service.pipelines.traces?.exporters).toContain('otlp/jaeger');
      for (const [name, exporter] of withEndpoint) {
        const backend = resolve(all, exporter.endpoint as string, collectorMap?.metadata.namespace);
        expect({ name, port: backend?.containerPort }).toEqual({ name, port: portOf(exporter.endpoint as string) });
        // compose names the same host; its service runs the image the cluster runs.
        const host = (exporter.endpoint as string).split(':')[0] as string;
        expect(backend?.container.image).toBe(compose.services[host]?.image);
      }
    });
  });

  describe('mutual TLS between the BFF and the services (grpc-tls.yaml, cert-manager)', () => {
    const GRPC_SERVICES: Record<string, string> = {
      documents: 'DOCUMENTS_GRPC',
      'query-engine': 'QUERY_ENGINE_GRPC',
      alerts: 'ALERTS_GRPC',
      export: 'EXPORT_GRPC',
    };
    const certificates = app.filter((o) => o.kind === 'Certificate');
    const containerOf = (name: string) =>
      workload(find(app, 'Deployment', name) as K8sObject).template.spec.containers[0] as Container;
    const envOf = (name: string) => Object.fromEntries((containerOf(name).env ?? []).map((e) => [e.name, e.value]));

    /** The Certificate whose Secret is mounted where the part's GRPC_TLS_* point (as cert-manager names its keys). */
    function certificateOf(name: string): K8sObject | undefined {
      const spec = workload(find(app, 'Deployment', name) as K8sObject).template.spec;
      const env = envOf(name);
      const files = ['GRPC_TLS_CA', 'GRPC_TLS_CERT', 'GRPC_TLS_KEY'].map((key) => env[key] ?? '');
      const mount = containerOf(name).volumeMounts?.find((m) =>
        files.every((file) => file.startsWith(`${m.mountPath}/`)),
      );
      expect({
        name,
        keys: files.map((file) => file.slice((mount?.mountPath.length ?? 0) + 1)),
        readOnly: mount?.readOnly,
      }).toEqual({ name, keys: ['ca.crt', 'tls.crt', 'tls.key'], readOnly: true });
      const secretName = spec.volumes?.find((v) => v.name === mount?.name)?.secret?.secretName;
      return certificates.find((c) => at(c, 'spec.secretName') === secretName);
    }

    it("one private CA: a self-signed root, and the CA Issuer made from it signs every part's certificate", () => {
      const issuers = app.filter((o) => o.kind === 'Issuer');
      const roots = certificates.filter((c) => at(c, 'spec.isCA') === true);
      expect(roots).toHaveLength(1);
      const root = roots[0] as K8sObject;
      expect(at(find(app, 'Issuer', at(root, 'spec.issuerRef.name') as string), 'spec.selfSigned')).toEqual({});
      const caIssuers = issuers.filter((i) => at(i, 'spec.ca.secretName') === at(root, 'spec.secretName'));
      expect(caIssuers).toHaveLength(1);
      const leaves = certificates.filter((c) => c !== root);
      expect(leaves.length).toBe(5);
      for (const leaf of leaves) {
        expect({ leaf: leaf.metadata.name, issuer: at(leaf, 'spec.issuerRef') }).toEqual({
          leaf: leaf.metadata.name,
          issuer: { name: caIssuers[0]?.metadata.name, kind: 'Issuer', group: 'cert-manager.io' },
        });
        expect(at(leaf, 'spec.privateKey.rotationPolicy')).toBe('Always');
        // Renewed well before the end (the services re-read the files every few minutes).
        expect(parseInt(at(leaf, 'spec.renewBefore') as string, 10)).toBeGreaterThanOrEqual(
          parseInt(at(leaf, 'spec.duration') as string, 10) / 4,
        );
      }
    });

    it('every gRPC service listens on its pod address with its own certificate, named as its clients dial it', () => {
      const data = configMap?.data ?? {};
      for (const [name, variable] of Object.entries(GRPC_SERVICES)) {
        const target = data[variable] as string;
        const env = envOf(name);
        const certificate = certificateOf(name);
        expect({ name, certificate: certificate?.metadata.name }).toEqual({ name, certificate: `${name}-grpc` });
        expect(at(certificate, 'spec.dnsNames')).toContain(target.split(':')[0]);
        expect(at(certificate, 'spec.usages')).toEqual(expect.arrayContaining(['server auth', 'client auth']));
        expect(env.GRPC_HOST).toBe('0.0.0.0');
        expect(resolve(app, target, 'docket-research')?.containerPort).toBe(Number(env.GRPC_PORT));
      }
      const bff = certificateOf('bff');
      expect(at(bff, 'spec.usages')).toContain('client auth');
      // No other part holds a certificate from the CA.
      for (const name of ['frontend']) expect(envOf(name).GRPC_TLS_CERT).toBeUndefined();
    });

    it('the kubelet probes the plaintext health-only port, which no Service exposes', () => {
      for (const name of Object.keys(GRPC_SERVICES)) {
        const container = containerOf(name);
        const healthPort = Number(envOf(name).GRPC_HEALTH_PORT);
        expect(healthPort).not.toBe(Number(envOf(name).GRPC_PORT));
        expect(containerPort(container, 'health')).toBe(healthPort);
        for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe])
          expect({ name, port: probe?.grpc?.port }).toEqual({ name, port: healthPort });
        const ports = (find(app, 'Service', name)?.spec?.ports as { targetPort: string | number }[]).map(
          (p) => p.targetPort,
        );
        expect(ports).toEqual(['grpc']);
      }
    });
  });

  describe('NetworkPolicies: who can open a connection to whom', () => {
    type Selector = {
      matchLabels?: Record<string, string>;
      matchExpressions?: { key: string; operator: string; values?: string[] }[];
    };
    type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: unknown };
    type Rule = { from?: Peer[]; ports?: { port: number | string; protocol?: string }[] };
    interface Pod {
      name: string;
      namespace: string;
      labels: Record<string, string>;
    }

    const selects = (selector: Selector, labels: Record<string, string>) =>
      Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
      (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
        if (operator === 'In') return values.includes(labels[key] as string);
        if (operator === 'NotIn') return !values.includes(labels[key] as string);
        if (operator === 'Exists') return key in labels;
        if (operator === 'DoesNotExist') return !(key in labels);
        throw new Error(`unknown operator ${operator}`);
      });
    // Strimzi turns the listener's networkPolicyPeers into a NetworkPolicy on the brokers of that port.
    const kafka = infra.find((o) => o.kind === 'Kafka') as K8sObject;
    const plain = (
      at(kafka, 'spec.kafka.listeners') as { port: number; tls: boolean; networkPolicyPeers?: Peer[] }[]
    ).find((l) => !l.tls);
    const strimziPolicy = {
      metadata: { name: 'strimzi', namespace: kafka.metadata.namespace },
      spec: {
        podSelector: { matchLabels: { 'strimzi.io/cluster': kafka.metadata.name } },
        policyTypes: ['Ingress'],
        ingress: [{ from: plain?.networkPolicyPeers, ports: [{ port: plain?.port }] }],
      },
    } as unknown as K8sObject;
    const policies = [...all.filter((o) => o.kind === 'NetworkPolicy'), strimziPolicy];

    const pods: Pod[] = [
      ...all
        .filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet')
        .map((o) => ({
          name: o.metadata.name,
          namespace: o.metadata.namespace as string,
          labels: workload(o).template.metadata.labels,
        })),
      // The operators' pods, as they label them.
      { name: 'mongo', namespace: 'docket-infra', labels: { app: 'mongo-svc' } },
      { name: 'opensearch', namespace: 'docket-infra', labels: { 'opster.io/opensearch-cluster': 'docket-search' } },
      {
        name: 'kafka',
        namespace: 'docket-infra',
        labels: { 'strimzi.io/cluster': 'docket', 'strimzi.io/kind': 'Kafka' },
      },
      // And those that must not get in: anything else started in the namespace, or anywhere else.
      { name: 'ingress-controller', namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
      { name: 'stranger', namespace: 'docket-research', labels: { run: 'debug' } },
      { name: 'elsewhere', namespace: 'default', labels: {} },
    ];
    const pod = (name: string) => pods.find((p) => p.name === name) as Pod;

    function canConnect(source: Pod, target: Pod, port: number): boolean {
      const applying = policies.filter(
        (policy) =>
          policy.metadata.namespace === target.namespace &&
          selects(policy.spec?.podSelector as Selector, target.labels) &&
          (policy.spec?.policyTypes as string[]).includes('Ingress'),
      );
      if (applying.length === 0) return true;
      return applying.some((policy) =>
        ((policy.spec?.ingress ?? []) as Rule[]).some(
          (rule) =>
            (rule.ports === undefined || rule.ports.some((p) => p.port === port && (p.protocol ?? 'TCP') === 'TCP')) &&
            (rule.from === undefined ||
              rule.from.some((peer) => {
                if (peer.ipBlock) throw new Error(`${policy.metadata.name}: address blocks are not expected here`);
                const namespaceOk = peer.namespaceSelector
                  ? selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': source.namespace })
                  : source.namespace === policy.metadata.namespace;
                return namespaceOk && (peer.podSelector === undefined || selects(peer.podSelector, source.labels));
              })),
        ),
      );
    }
    const callersOf = (target: string, port: number) =>
      pods
        .filter((source) => source.name !== target && canConnect(source, pod(target), port))
        .map((s) => s.name)
        .sort();

    it('every pod of docket-research refuses what no policy allows', () => {
      const denyAll = app.filter(
        (o) => o.kind === 'NetworkPolicy' && Object.keys(o.spec?.podSelector ?? {}).length === 0,
      );
      expect(denyAll.map((o) => ({ types: o.spec?.policyTypes, ingress: o.spec?.ingress }))).toEqual([
        { types: ['Ingress'], ingress: undefined },
      ]);
    });

    it('ingress controller reaches frontend, frontend the BFF, BFF the services, a service only those it calls', () => {
      expect(callersOf('frontend', 3000)).toEqual(['ingress-controller']);
      expect(callersOf('bff', 4000)).toEqual(['frontend']);
      expect(callersOf('documents', 50051)).toEqual(['alerts', 'bff', 'export', 'query-engine']);
      expect(callersOf('query-engine', 50052)).toEqual(['alerts', 'bff', 'export']);
      expect(callersOf('alerts', 50053)).toEqual(['bff']);
      expect(callersOf('export', 50054)).toEqual(['bff']);
      // The plaintext health port is for the kubelet (from the node, which policies do not govern) alone.
      for (const name of ['documents', 'query-engine', 'alerts', 'export']) expect(callersOf(name, 8081)).toEqual([]);
    });

    it('only the services reach Kafka, MongoDB, Redis and OpenSearch (and the stores their own members)', () => {
      const services = ['alerts', 'bff', 'documents', 'export', 'query-engine'];
      expect(callersOf('kafka', plain?.port as number)).toEqual(services);
      expect(callersOf('redis', 6379)).toEqual(services);
      expect(callersOf('mongo', 27017)).toEqual(services);
      expect(callersOf('opensearch', 9200)).toEqual(['query-engine']);
      // The data stores' ports are for them alone: the frontend, the ingress controller and strangers get nowhere.
      for (const outsider of ['frontend', 'ingress-controller', 'stranger', 'elsewhere']) {
        for (const [store, port] of [
          ['kafka', 9092],
          ['redis', 6379],
          ['mongo', 27017],
          ['opensearch', 9200],
          ['opensearch', 9300],
        ] as const) {
          expect({ outsider, store, reaches: canConnect(pod(outsider), pod(store), port) }).toEqual({
            outsider,
            store,
            reaches: false,
          });
        }
      }
    });
  });

  it('every manifest file is listed in its kustomization', () => {
    for (const directory of [k8sDir, join(k8sDir, 'infra')]) {
      const listed = (parse(readFileSync(join(directory, 'kustomization.yaml'), 'utf8')) as { resources: string[] })
        .resources;
      for (const resource of listed) expect(existsSync(join(directory, resource))).toBe(true);
      const files = readdirSync(directory).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
      expect(files.filter((f) => !listed.includes(f))).toEqual([]);
    }
  });
});
