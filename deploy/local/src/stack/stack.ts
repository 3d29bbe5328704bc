import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChannelCredentials } from '@grpc/grpc-js';
import { ensureLocalCertificates, type GrpcTlsFiles } from '../grpc-certificates';
import { startInfra, type InfraHandle, type InfraPorts } from '../infra';
import { fewMallocArenas } from '../jvm-env';
import { DEFAULT_MAIL_PORTS, startMailCatcher, type RunningMailCatcher } from '../mail';
import { spawnManaged, type ManagedProcess } from '../managed-process';
import { ensureEmbeddingModel } from '../models';
import { cacheDir, defaultDataDir, repoRoot } from '../paths';
import { DEFAULT_S3_PORT, LOCAL_S3_BUCKET, localS3ServiceEnv, startS3, type RunningS3 } from '../s3';
import { DEFAULT_RESTART_POLICY, type RestartPolicyOptions } from '../supervise/restart-policy';
import { stackStatusFile, writeStackStatus, type PartKind, type StackStatus } from '../supervise/stack-status';
import { Supervisor } from '../supervise/supervisor';
import { freePort, isPortOpen, pollUntil } from '../wait';
import { DEFAULT_ZIPKIN_PORT, probeZipkin, startZipkin, type RunningZipkin } from '../zipkin';
import { compileServices } from './compile-services';
import {
  buildProgressLine,
  expectedBuildSeconds,
  frontendNeedsBuild,
  nextBin,
  recordBuildSeconds,
} from './frontend-build';
import { clientCredentialsOf } from './grpc-credentials';
import { grpcServing, httpOk } from './health';
import { parsePino } from './log-format';
import { groupCpuSeconds } from './process-tree';
import { sessionSecret } from './session-secret';

export interface StackPorts {
  documents: number;
  queryEngine: number;
  alerts: number;
  export: number;
  bff: number;
  frontend: number;
}

/** Next.js otherwise phones home (telemetry) and tries to "patch" package-lock.json from the registry. */
const NEXT_OFFLINE_ENV = { NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1' };
/**
 * The loopback address the frontend's server connects to the BFF from, and the only one whose
 * X-Forwarded-For the BFF believes: every 127.x address is this machine's (Linux answers the whole
 * 127.0.0.0/8 on lo), but another local process connects from 127.0.0.1 unless it chooses otherwise.
 */
const FRONTEND_PROXY_ADDRESS = '127.0.0.2';

/** How often the launcher says how the frontend build is doing. */
const BUILD_PROGRESS_EVERY_MS = 15_000;

export const DEV_STACK_PORTS: StackPorts = {
  documents: 50051,
  queryEngine: 50052,
  alerts: 50053,
  export: 50054,
  bff: 4000,
  frontend: 3000,
};

/** The gRPC services, started in parallel once the infrastructure is up. */
const GRPC_SERVICES = [
  { name: 'documents', dir: 'documents', port: 'documents', mongoDb: 'documents' },
  { name: 'query-engine', dir: 'query-engine', port: 'queryEngine', mongoDb: 'query_engine' },
  { name: 'alerts', dir: 'alerts', port: 'alerts', mongoDb: 'alerts' },
  { name: 'export', dir: 'export', port: 'export', mongoDb: 'export' },
] as const;

export const STACK_PART_NAMES = [
  'kafka',
  'mongo',
  'redis',
  'zipkin',
  'mail',
  's3',
  ...GRPC_SERVICES.map((s) => s.name),
  'bff',
  'next-build',
  'frontend',
];

export interface StartStackOptions {
  profile: 'dev' | 'test';
  /** dev default: $DATA_DIR or <repo>/.data; test default: a fresh temp dir (removed by stop()). */
  dataDir?: string;
  ports?: Partial<StackPorts>;
  infraPorts?: Partial<InfraPorts>;
  /** The MongoDB stand-in's storage (see StartInfraOptions.mongoStorage); the profile's default if unset. */
  mongoStorage?: 'h2' | 'memory';
  /** Redis with its append-only file (see StartInfraOptions.redisPersistent); the profile's default if unset. */
  redisPersistent?: boolean;
  /** Extra env for every child (e.g. ADMIN_EMAIL, LOG_LEVEL); the launcher's own env is inherited. */
  env?: NodeJS.ProcessEnv;
  /** Every output line of every child, by part name. */
  onOutput?: (name: string, line: string) => void;
  /** Launcher messages. */
  log?: (message: string) => void;
  /** Start the Next.js frontend too (default true). */
  frontend?: boolean;
  /**
   * Run Zipkin (the trace UI, deploy/local/src/zipkin.ts) and have every service export its spans to
   * it. dev default: true; test default: false (it would only slow the suites down). Skipped when
   * OTEL_EXPORTER_ZIPKIN_ENDPOINT is already set; a Zipkin already on the port is used as it is.
   */
  zipkin?: boolean;
  /** default 9411 (dev), a free port (test). */
  zipkinPort?: number;
  /**
   * The local mail catcher (MailDev, deploy/local/src/mail.ts), started when SMTP_URL is not set:
   * the alerts service sends to it and its web inbox shows every message. default 1025/1080 (dev),
   * free ports (test).
   */
  mailPorts?: { smtp: number; web: number };
  /**
   * With BLOB_STORE=s3 (env), the export and documents services keep their files in an S3-compatible
   * bucket: the local S3 server (S3Mock, deploy/local/src/s3.ts) on this port (default 9090 dev, a free
   * port test), unless EXPORT_S3_BUCKET or DOCUMENTS_S3_BUCKET say which real store to use.
   */
  s3Port?: number;
  readyTimeoutMs?: number;
  /**
   * What happens when a part exits after start-up. dev default: restarted with back-off
   * (DEFAULT_RESTART_POLICY). test default: 'off', the first crash resolves `crashed` so that a test
   * run fails visibly instead of a restart hiding the crash; the chaos bench passes a policy.
   */
  restartPolicy?: RestartPolicyOptions | 'off';
  /**
   * Run the services from JavaScript compiled into each workspace's dist/ (default true; compiled
   * again only where a source changed). false, or DOCKET_RUN_TS=1: through tsx, compiled on the fly.
   */
  compile?: boolean;
  /**
   * Mutual TLS between the BFF and the services (default true): a local CA and a certificate per part
   * under <dataDir>/tls, made on first use and kept while valid. false: plaintext on loopback.
   */
  tls?: boolean;
  /** Aborting stops whatever has started so far; startStack then rejects. */
  signal?: AbortSignal;
  /**
   * Instances of each gRPC service (default 1), as replicas behind one Kafka consumer group each:
   * the second is `<name>-2` on a port of its own, and so on; the BFF talks to the first. A
   * query-engine replica keeps its own data dir (its SQLite files have one writer), so with more than
   * one, give the stack OPENSEARCH_URL (the text index they share).
   */
  replicas?: number;
}

export interface CrashInfo {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  tail: string[];
  /** How many times it crashed within the policy's window (1 with restarts off). */
  crashesInWindow?: number;
}

export interface StackHandle {
  infra: InfraHandle;
  dataDir: string;
  ports: StackPorts;
  bffUrl: string;
  /** Where the gRPC services listen (host:port), by the names of `ports`. */
  grpcTargets: Record<'documents' | 'queryEngine' | 'alerts' | 'export', string>;
  /**
   * Credentials for calling the services from outside them
   * (the launcher's own certificate with TLS on; else plaintext).
   */
  grpcCredentials(): ChannelCredentials;
  /** The launcher's certificate files when TLS is on (a client identity for tools and benches). */
  grpcTls?: GrpcTlsFiles;
  frontendUrl?: string;
  /**
   * Zipkin's UI (…/zipkin/) when the launcher found one or is starting one
   * (up shortly after the stack; "zipkin ready" is logged); the services export spans to it.
   */
  zipkinUrl?: string;
  /**
   * The local mail catcher's web inbox (REST: <mailUrl>/email) when SMTP_URL was unset and the launcher started one.
   */
  mailUrl?: string;
  /** Where the services send e-mail: SMTP_URL, or the local mail catcher. */
  smtpUrl?: string;
  /** The local S3 server's URL when BLOB_STORE=s3 had the launcher start one (bucket LOCAL_S3_BUCKET). */
  s3Url?: string;
  /** Parts whose src/main.ts does not exist (yet); they were skipped. */
  skipped: string[];
  /** From the BFF's "first administrator created" log line, when it created one on this start. */
  firstAdmin?: { email: string; oneTimePassword?: string };
  /**
   * Resolves when a part crashed more often than the restart policy allows (with restarts off: at
   * its first crash), never while stopping. The caller should stop the stack then.
   */
  crashed: Promise<CrashInfo>;
  /** Every part's state, restarts and recent crashes (also in statusFile, which the BFF serves). */
  status(): StackStatus;
  statusFile: string;
  timings: { infraSeconds: number; servicesSeconds: number; frontendBuildSeconds?: number; totalSeconds: number };
  /** Stops the frontend and BFF, then the services, then the infrastructure. Idempotent. */
  stop(): Promise<void>;
}

/**
 * The whole system on one machine: infrastructure (what env does not provide), the four gRPC
 * services, the BFF and the frontend, each waited for by a real health check.
 */
export async function startStack(opts: StartStackOptions): Promise<StackHandle> {
  const started = Date.now();
  const isTest = opts.profile === 'test';
  const log = opts.log ?? ((m: string) => process.stderr.write(`[stack] ${m}\n`));
  const ownsDataDir = isTest && !opts.dataDir;
  const dataDir = opts.dataDir ?? (isTest ? fs.mkdtempSync(path.join(os.tmpdir(), 'docket-stack-')) : defaultDataDir());
  fs.mkdirSync(dataDir, { recursive: true });
  const ports = await resolvePorts(isTest, opts.ports);
  const readyTimeoutMs = opts.readyTimeoutMs ?? 120_000;
  const withFrontend = opts.frontend ?? true;
  const policy = opts.restartPolicy ?? (isTest ? 'off' : DEFAULT_RESTART_POLICY);
  const replicas = opts.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1)
    throw new Error(`replicas must be a whole number ≥ 1, got ${replicas}`);
  const statusFile = stackStatusFile(dataDir);
  fs.rmSync(statusFile, { force: true }); // a previous run's file would describe processes long gone

  await assertPortsFree(ports, withFrontend);
  blobStoreOf(opts); // a bad BLOB_STORE stops the start before anything runs
  // Each part gets its own certificate; `launcher` is the launcher's own, for health checks and tools.
  const certificates =
    opts.tls === false
      ? undefined
      : await ensureLocalCertificates(path.join(dataDir, 'tls'), [
          ...GRPC_SERVICES.map((s) => s.name),
          'bff',
          'launcher',
        ]);
  if (certificates && certificates.made > 0)
    log(`made ${certificates.made} certificates for the services' mutual TLS in ${certificates.dir}`);
  const launcherTls = certificates?.parts.launcher;
  const launcherCredentials = clientCredentialsOf(launcherTls);
  const grpcCredentials = () => launcherCredentials;
  const tlsEnvOf = (part: string): NodeJS.ProcessEnv => {
    const files = certificates?.parts[part];
    return files ? { GRPC_TLS_CA: files.ca, GRPC_TLS_CERT: files.cert, GRPC_TLS_KEY: files.key } : {};
  };
  // With TLS a client checks the server's certificate against the name it dialled: `localhost` (in every
  // part's certificate) rather than 127.0.0.1, which TLS cannot send as a server name.
  const grpcHost = certificates ? 'localhost' : '127.0.0.1';
  const grpcTargetsByPart = {
    documents: `${grpcHost}:${ports.documents}`,
    queryEngine: `${grpcHost}:${ports.queryEngine}`,
    alerts: `${grpcHost}:${ports.alerts}`,
    export: `${grpcHost}:${ports.export}`,
  };

  const children = new Map<string, ManagedProcess>();
  let stopping = false;
  let reportCrash: (info: CrashInfo) => void = () => undefined;
  const crashed = new Promise<CrashInfo>((resolve) => (reportCrash = resolve));
  let firstAdmin: StackHandle['firstAdmin'];

  const spawnChild = (name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) => {
    const child = spawnManaged({
      name,
      command,
      args,
      cwd,
      env: fewMallocArenas({ ...process.env, ...opts.env, ...env }),
      logFile: path.join(dataDir, 'logs', `${name}.log`),
      onLine: (line) => {
        if (name === 'bff') firstAdmin ??= firstAdminFrom(line);
        opts.onOutput?.(name, line);
      },
    });
    children.set(name, child);
    return child;
  };
  // Any child (or infrastructure server) that dies during start-up aborts the whole start.
  const watched = (): ManagedProcess[] => [
    ...(infra?.processes ?? []),
    ...[...children.values()].filter((c) => c.name !== 'next-build'),
  ];
  const anyDied = (): string | undefined => {
    if (stopping) return 'start-up aborted';
    const dead = watched().find((c) => !c.isRunning());
    return dead && `${dead.name} exited during start-up; its last lines:\n${dead.tail(40).join('\n')}`;
  };

  let infra: InfraHandle | undefined;
  let supervisor: Supervisor | undefined;
  let zipkin: RunningZipkin | undefined;
  let mail: RunningMailCatcher | undefined;
  let s3: RunningS3 | undefined;
  /** Zipkin being started once the stack is served (nothing waits for it): a stop waits for it to end. */
  let zipkinStarting: Promise<unknown> | undefined;
  // Ends a Zipkin start or restart still waiting for its health check when the stack stops.
  const zipkinRestarts = new AbortController();
  const stopAll = async () => {
    stopping = true;
    zipkinRestarts.abort();
    // Not awaited yet: a restart in progress ends when its process is stopped below.
    const supervised = supervisor?.stop();
    const stopNamed = (names: string[]) => Promise.all(names.map((n) => children.get(n)?.stop({ timeoutMs: 15_000 })));
    const front = ['frontend', 'next-build', 'bff'];
    await stopNamed(front);
    // The gRPC services and their replicas (`<name>-2`, ...).
    await stopNamed([...children.keys()].filter((name) => !front.includes(name)));
    await zipkinStarting;
    await Promise.all([infra?.stop(), zipkin?.stop(), mail?.stop(), s3?.stop()]);
    await supervised;
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let stopPromise: Promise<void> | undefined;
  const stop = () => (stopPromise ??= stopAll());
  opts.signal?.addEventListener('abort', () => void stop(), { once: true });

  try {
    const frontendDir = path.join(repoRoot, 'frontend');
    const bffUrl = `http://127.0.0.1:${ports.bff}`;

    // The frontend build needs no running service: run it while the infrastructure starts. The
    // services start once it is done: on two cores, starting them beside it (their start-up, then the
    // default corpus's load and its indexing) took the CPU the build needed, and the build is what a
    // first start waits for. A first start served /login after 98.1 s that way, 81.1 s this way
    // (bench/first-start.bench.ts); the services then start in about 15 s.
    let frontendBuildSeconds: number | undefined;
    const build = (async () => {
      if (!withFrontend) return;
      const { needed, reason } = frontendNeedsBuild(frontendDir);
      if (!needed) return;
      const expected = expectedBuildSeconds(cacheDir());
      log(`building the frontend (${reason})`);
      log(buildProgressLine(0, expected));
      const buildStarted = Date.now();
      const child = spawnChild(
        'next-build',
        process.execPath,
        [nextBin(frontendDir), 'build'],
        frontendDir,
        NEXT_OFFLINE_ENV,
      );
      // The build's own process group: `next build` and its workers (spawnManaged starts a group).
      let cpuSoFar: number | undefined;
      // The largest figure read: a worker that exits unreaped takes its CPU out of the group's sum.
      const readCpu = () => (cpuSoFar = Math.max(cpuSoFar ?? 0, groupCpuSeconds(child.pid) ?? 0) || undefined);
      const progress = setInterval(() => {
        readCpu();
        log(buildProgressLine((Date.now() - buildStarted) / 1000, expected, cpuSoFar));
      }, BUILD_PROGRESS_EVERY_MS);
      // Read just before it ends too: the group is gone once `next build` has exited.
      const sample = setInterval(readCpu, 1000);
      const result = await child.exited.finally(() => {
        clearInterval(progress);
        clearInterval(sample);
      });
      if (stopping) throw new Error('stopped');
      if (result.code !== 0) throw new Error(`next build failed (exit ${result.code}):\n${child.tail(40).join('\n')}`);
      frontendBuildSeconds = (Date.now() - buildStarted) / 1000;
      recordBuildSeconds(cacheDir(), frontendBuildSeconds, cpuSoFar);
      log(`frontend built in ${frontendBuildSeconds.toFixed(1)} s`);
    })();
    build.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile

    // The services' TypeScript is compiled to JavaScript while the infrastructure starts.
    const compiled = serviceRuntime(opts.compile ?? process.env.DOCKET_RUN_TS !== '1', log);
    compiled.catch(() => undefined); // awaited below
    // The query-engine's embedding model, as the Kafka jars: unpacked at install, or here if that could not be.
    const modelReady = ensureEmbeddingModel(log);
    modelReady.catch(() => undefined); // awaited below

    // The mail catcher starts alongside the infrastructure, ready before the services that send to it.
    // Zipkin (the trace UI, a JVM with seconds of start-up CPU) starts once the stack is served, so it
    // takes none of the CPU a start needs; the services need only its address, known now.
    const traceUiPlanned = planTraceUi({ opts, isTest, log });
    const mailStarted = startLocalMail({ opts, isTest, dataDir, log }).then(async (started) => {
      mail = started;
      if (stopping) await mail?.stop();
      return mail;
    });
    mailStarted.catch(() => undefined); // awaited below
    const s3Started = startLocalS3({ opts, isTest, dataDir, log }).then(async (started) => {
      s3 = started;
      if (stopping) await s3?.stop();
      return s3;
    });
    s3Started.catch(() => undefined); // awaited below
    infra = await startInfra({
      profile: opts.profile,
      dataDir,
      ports: opts.infraPorts,
      mongoStorage: opts.mongoStorage,
      redisPersistent: opts.redisPersistent,
      log,
      onOutput: opts.onOutput,
      env: { ...process.env, ...opts.env },
    });
    const traceUi = await traceUiPlanned;
    await mailStarted;
    await s3Started;
    if (stopping) {
      // Aborted while the infrastructure was starting: stop() ran before it existed.
      await Promise.all([infra.stop(), zipkin?.stop(), mail?.stop(), s3?.stop()]);
      throw new Error('start-up aborted');
    }
    const infraSeconds = (Date.now() - started) / 1000;

    const grpcTargets = {
      DOCUMENTS_GRPC: grpcTargetsByPart.documents,
      QUERY_ENGINE_GRPC: grpcTargetsByPart.queryEngine,
      ALERTS_GRPC: grpcTargetsByPart.alerts,
      EXPORT_GRPC: grpcTargetsByPart.export,
    };
    const commonEnv: NodeJS.ProcessEnv = {
      MONGO_URL: infra.mongoUrl,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      REDIS_URL: infra.redisUrl,
      DATA_DIR: dataDir,
      ...(traceUi ? { OTEL_EXPORTER_ZIPKIN_ENDPOINT: traceUi.spansUrl } : {}),
      ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
      ...blobStoreEnv(opts, s3),
      // Links in e-mails (documents, alerts, unsubscribe) point at the frontend this launcher serves.
      PUBLIC_APP_URL: opts.env?.PUBLIC_APP_URL ?? process.env.PUBLIC_APP_URL ?? `http://localhost:${ports.frontend}`,
      ...grpcTargets,
    };

    const skipped: string[] = [];
    const entry = (dir: string) => path.join('services', dir, 'src', 'main.ts');
    const runtime = await compiled;
    await modelReady;
    // `part` names the program (its node flags and certificate); `name` the process (a replica's is `<part>-2`).
    const runTs = (name: string, dir: string, env: NodeJS.ProcessEnv, part = name) =>
      spawnChild(name, process.execPath, [...runtime.nodeArgs(part), runtime.entry(dir)], repoRoot, {
        ...commonEnv,
        ...tlsEnvOf(part),
        ...env,
      });

    // Everything starts at once (the BFF's gRPC clients and the frontend connect lazily); on two cores
    // overlapping their start-up is what makes `npm start` quick.
    // Each launch spawns a part and waits for its health check; `abortIf` ends the wait early (at
    // start-up: any part died; on a restart: this one died again, or the stack is stopping).
    type Launch = (abortIf: AbortIf) => Promise<ManagedProcess>;
    const launches = new Map<string, { kind: PartKind; launch: Launch }>();
    const waitHealthy = async (
      child: ManagedProcess,
      probe: () => Promise<boolean>,
      description: string,
      abortIf: AbortIf,
    ) => {
      try {
        await pollUntil(probe, {
          timeoutMs: readyTimeoutMs,
          intervalMs: 100,
          description,
          abortIf: () => abortIf(child),
        });
      } catch (err) {
        await child.stop({ timeoutMs: 5000 });
        throw err;
      }
      return child;
    };
    const startGrpcService = async (svc: (typeof GRPC_SERVICES)[number]) => {
      if (!fs.existsSync(path.join(repoRoot, entry(svc.dir)))) {
        skipped.push(svc.name);
        log(`${entry(svc.dir)} does not exist yet; skipping ${svc.name}`);
        return;
      }
      await Promise.all(
        Array.from({ length: replicas }, async (_, i) => {
          const first = i === 0;
          const name = first ? svc.name : `${svc.name}-${i + 1}`;
          const port = first ? ports[svc.port] : await freePort();
          const target = first ? grpcTargetsByPart[svc.port] : `${grpcHost}:${port}`;
          const env: NodeJS.ProcessEnv = { GRPC_PORT: String(port), MONGO_DB: svc.mongoDb };
          if (!first && svc.name === 'query-engine') env.DATA_DIR = path.join(dataDir, 'replicas', name);
          const launch: Launch = (abortIf) =>
            waitHealthy(
              runTs(name, svc.dir, env, svc.name),
              () => grpcServing(target, 1000, grpcCredentials()),
              `${name} gRPC health at ${target}`,
              abortIf,
            );
          launches.set(name, { kind: 'service', launch });
          await launch(anyDied);
          log(`${name} serving on ${target}`);
        }),
      );
    };
    const startBff = async () => {
      if (!fs.existsSync(path.join(repoRoot, entry('bff')))) {
        skipped.push('bff');
        log('services/bff/src/main.ts does not exist yet; skipping the BFF');
        return;
      }
      const launch: Launch = (abortIf) =>
        waitHealthy(
          runTs('bff', 'bff', {
            PORT: String(ports.bff),
            HOST: '127.0.0.1',
            MONGO_DB: 'bff',
            SESSION_SECRET: opts.env?.SESSION_SECRET ?? process.env.SESSION_SECRET ?? sessionSecret(dataDir),
            // npm start serves plain http://localhost; Secure cookies would never be sent back.
            COOKIE_SECURE: opts.env?.COOKIE_SECURE ?? process.env.COOKIE_SECURE ?? 'false',
            // The frontend (server.ts) reaches the BFF from its own loopback address with X-Forwarded-For
            // set to the browser's address; any other local process connecting is not believed.
            TRUST_PROXY: opts.env?.TRUST_PROXY ?? process.env.TRUST_PROXY ?? FRONTEND_PROXY_ADDRESS,
            // What the launcher supervises, for /catalog-status (see supervise/stack-status.ts).
            STACK_STATUS_FILE: statusFile,
          }),
          () => httpOk(`${bffUrl}/healthz`),
          `BFF health at ${bffUrl}/healthz`,
          abortIf,
        );
      launches.set('bff', { kind: 'service', launch });
      await launch(anyDied);
      log(`bff serving on ${bffUrl}`);
    };

    let servicesSeconds = 0;
    const backends = build
      .then(() => Promise.all([...GRPC_SERVICES.map(startGrpcService), startBff()]))
      .then(() => {
        servicesSeconds = (Date.now() - started) / 1000;
      });
    const frontendUrl = withFrontend ? `http://localhost:${ports.frontend}` : undefined;
    const frontendReady = (async () => {
      if (!withFrontend) return;
      await build;
      const runtime = await compiled;
      if (stopping) throw new Error('start-up aborted');
      const spawnFrontend = () =>
        // server.ts, not `next start`: it overwrites X-Forwarded-For with the socket's address and proxies /api.
        spawnChild('frontend', process.execPath, [...runtime.frontendArgs], frontendDir, {
          // Read at run time by frontend/server.ts, so one build serves every profile and port.
          BFF_URL: bffUrl,
          BFF_SOURCE_ADDRESS: FRONTEND_PROXY_ADDRESS,
          PORT: String(ports.frontend),
          HOST: '127.0.0.1',
          NODE_ENV: 'production',
          COOKIE_SECURE: opts.env?.COOKIE_SECURE ?? process.env.COOKIE_SECURE ?? 'false',
          ...NEXT_OFFLINE_ENV,
        });
      // "Served" means the login page renders (it asks the BFF for the session), not merely an open port.
      const loginServed = () => httpOk(`http://127.0.0.1:${ports.frontend}/login`);
      const description = `frontend at ${frontendUrl}/login`;
      launches.set('frontend', {
        kind: 'frontend',
        launch: (abortIf) => waitHealthy(spawnFrontend(), loginServed, description, abortIf),
      });
      const child = spawnFrontend();
      await backends;
      await waitHealthy(child, loginServed, description, anyDied);
      log(`frontend serving on ${frontendUrl}`);
    })();
    await Promise.all([backends, frontendReady]);
    // Aborted (e.g. Ctrl-C) just as the last part got healthy: stop() has stopped the children, and a
    // supervisor started now would take their exits for crashes and restart them.
    if (stopping) throw new Error('start-up aborted');

    supervisor = superviseStack({
      infra,
      children,
      launches,
      policy,
      isStopping: () => stopping,
      log,
      onChange: (status) => writeStackStatus(statusFile, status),
      onGiveUp: (info) => reportCrash(info),
    });
    if (traceUi?.startAt) {
      const port = traceUi.startAt;
      // Stopping the stack ends a Zipkin start or restart still waiting for its health check.
      const zipkinSignal = opts.signal ? AbortSignal.any([opts.signal, zipkinRestarts.signal]) : zipkinRestarts.signal;
      const launchZipkin = () =>
        startZipkin({
          dir: path.join(dataDir, 'zipkin'),
          port,
          // Nothing waits for it, and at its background priority it starts slowly while a first start
          // loads the default corpus on every core: 60 s was not always enough (no trace UI then).
          readyTimeoutMs: ZIPKIN_READY_TIMEOUT_MS,
          onLine: (line) => opts.onOutput?.('zipkin', line),
          log,
          signal: zipkinSignal,
        });
      const startedAt = Date.now();
      zipkinStarting = launchZipkin().then(
        async (started) => {
          if (stopping) return started.stop();
          log(`zipkin ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
          zipkin = started;
          supervisor?.watch({
            name: 'zipkin',
            kind: 'infrastructure',
            process: started.process,
            restart: async () => {
              if (stopping) throw new Error('the stack is stopping');
              const restarted = await launchZipkin();
              if (stopping) {
                await restarted.stop();
                throw new Error('the stack is stopping');
              }
              zipkin = restarted;
              return restarted.process;
            },
          });
        },
        (err: unknown) => {
          if (!zipkinSignal.aborted)
            log(
              `Zipkin did not start, so there is no trace UI this time: ` +
                `${err instanceof Error ? err.message : String(err)}`,
            );
        },
      );
    }
    if (mail) {
      const { smtp, web } = { smtp: Number(new URL(mail.smtpUrl).port), web: Number(new URL(mail.webUrl).port) };
      supervisor.watch({
        name: 'mail',
        kind: 'infrastructure',
        process: mail.process,
        restart: async () => {
          if (stopping) throw new Error('the stack is stopping');
          mail = await startMailCatcher({
            dir: path.join(dataDir, 'mail'),
            smtpPort: smtp,
            webPort: web,
            onLine: (line) => opts.onOutput?.('mail', line),
          });
          return mail.process;
        },
      });
    }
    if (s3) {
      const port = Number(new URL(s3.url).port);
      supervisor.watch({
        name: 's3',
        kind: 'infrastructure',
        process: s3.process,
        restart: async () => {
          if (stopping) throw new Error('the stack is stopping');
          s3 = await startS3(localS3Options(dataDir, isTest, port, opts));
          return s3.process;
        },
      });
    }
    const watching = supervisor;

    return {
      infra,
      dataDir,
      ports,
      bffUrl,
      grpcTargets: grpcTargetsByPart,
      grpcCredentials,
      grpcTls: launcherTls,
      frontendUrl,
      zipkinUrl: traceUi?.uiUrl,
      mailUrl: mail?.webUrl,
      smtpUrl: mail?.smtpUrl ?? opts.env?.SMTP_URL ?? process.env.SMTP_URL,
      s3Url: s3?.url,
      skipped,
      get firstAdmin() {
        return firstAdmin;
      },
      crashed,
      status: () => watching.status(),
      statusFile,
      timings: { infraSeconds, servicesSeconds, frontendBuildSeconds, totalSeconds: (Date.now() - started) / 1000 },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Node flags of the parts that mostly wait (alerts, export, the frontend server): a young generation
 * of at most 1 MB per semi-space (V8's default grows to 16) keeps each idle process 25-40 MB smaller.
 * Not for the BFF, documents and the query-engine: there it tripled the time in the garbage collector
 * (documents 4 -> 11 %, BFF 3 -> 8 % of a serving bench), CPU that ingest and requests need.
 * No part gets --enable-source-maps: it keeps every module's source map (node_modules' too) in
 * memory, about 30 MB a process. DOCKET_SERVICE_NODE_FLAGS replaces these flags for every part
 * (e.g. `--enable-source-maps` for TypeScript lines in stack traces).
 */
const MOSTLY_WAITING_PARTS = new Set(['alerts', 'export', 'frontend']);
const MOSTLY_WAITING_FLAGS = '--max-semi-space-size=1';
/**
 * The export worker streams rows into files, so its live heap stays small whatever the export's size;
 * left uncapped, V8 kept garbage up to 315 MB of RSS on a 100,000-row CSV (bench/export.bench.ts),
 * with this cap 234 MB and 13.3 s instead of 19.9 s (fewer, cheaper collections). Same value as deploy/k8s/export.yaml.
 */
export const EXPORT_HEAP_FLAG = '--max-old-space-size=192';

function nodeFlagsOf(part: string): string[] {
  const flags = process.env.DOCKET_SERVICE_NODE_FLAGS ?? (MOSTLY_WAITING_PARTS.has(part) ? MOSTLY_WAITING_FLAGS : '');
  return `${flags} ${part === 'export' && !process.env.DOCKET_SERVICE_NODE_FLAGS ? EXPORT_HEAP_FLAG : ''}`
    .split(' ')
    .filter(Boolean);
}

/** How a service's main module is run: compiled JavaScript (with the resolve hook) or tsx. */
async function serviceRuntime(
  compile: boolean,
  log: (message: string) => void,
): Promise<{ nodeArgs: (part: string) => string[]; entry: (dir: string) => string; frontendArgs: string[] }> {
  if (!compile) {
    return {
      nodeArgs: () => ['--enable-source-maps', '--import', 'tsx'],
      entry: (dir) => path.join('services', dir, 'src', 'main.ts'),
      frontendArgs: ['--import', 'tsx', 'server.ts'],
    };
  }
  const result = await compileServices(repoRoot);
  if (result.compiled > 0)
    log(`compiled ${result.compiled} changed TypeScript files to JavaScript in ${result.seconds.toFixed(1)} s`);
  return {
    nodeArgs: (part) => [...nodeFlagsOf(part), '--require', path.join(__dirname, 'compiled-resolve.cjs')],
    entry: (dir) => path.join('services', dir, 'dist', 'main.js'),
    // The resolve hook too: server.js requires @docket/idle-release, a workspace compiled into its dist/.
    frontendArgs: [
      ...nodeFlagsOf('frontend'),
      '--require',
      path.join(__dirname, 'compiled-resolve.cjs'),
      path.join('dist', 'server.js'),
    ],
  };
}

const ZIPKIN_READY_TIMEOUT_MS = 10 * 60_000;

/**
 * Where the stack's traces go, or undefined when Zipkin is not wanted or OTEL_EXPORTER_ZIPKIN_ENDPOINT
 * already points elsewhere (the services inherit it): a Zipkin found running on the port, or one to
 * start on `startAt` (traces are a convenience: the product runs without them).
 */
async function planTraceUi(deps: {
  opts: StartStackOptions;
  isTest: boolean;
  log: (message: string) => void;
}): Promise<{ spansUrl: string; uiUrl: string; startAt?: number } | undefined> {
  const { opts, isTest, log } = deps;
  if (!(opts.zipkin ?? !isTest)) return undefined;
  if (opts.env?.OTEL_EXPORTER_ZIPKIN_ENDPOINT ?? process.env.OTEL_EXPORTER_ZIPKIN_ENDPOINT) return undefined;
  const port = opts.zipkinPort ?? (isTest ? await freePort() : DEFAULT_ZIPKIN_PORT);
  const url = `http://127.0.0.1:${port}`;
  const ui = { spansUrl: `${url}/api/v2/spans`, uiUrl: `${url}/zipkin/` };
  if (await isPortOpen('127.0.0.1', port)) {
    if (await probeZipkin(url)) {
      log(`Zipkin already running on ${url}; using it`);
      return ui;
    }
    log(`port ${port} is in use by something that is not Zipkin; no trace UI this time`);
    return undefined;
  }
  return { ...ui, startAt: port };
}

/** MailDev for the stack when no SMTP_URL is given (every e-mail lands in its web inbox), else undefined. */
async function startLocalMail(deps: {
  opts: StartStackOptions;
  isTest: boolean;
  dataDir: string;
  log: (message: string) => void;
}): Promise<RunningMailCatcher | undefined> {
  const { opts, isTest, log } = deps;
  if (opts.env?.SMTP_URL ?? process.env.SMTP_URL) return undefined;
  const ports = opts.mailPorts ?? (isTest ? { smtp: await freePort(), web: await freePort() } : DEFAULT_MAIL_PORTS);
  const mail = await startMailCatcher({
    dir: path.join(deps.dataDir, 'mail'),
    smtpPort: ports.smtp,
    webPort: ports.web,
    onLine: (line) => opts.onOutput?.('mail', line),
    signal: opts.signal,
  });
  log(`no SMTP_URL: e-mail goes to the local mail catcher; inbox at ${mail.webUrl} (SMTP ${mail.smtpUrl})`);
  return mail;
}

/**
 * BLOB_STORE (env) picks where the export and documents services keep their files: local directories
 * (unset or `local`) or an S3-compatible bucket (`s3`): the bucket EXPORT_S3_* / DOCUMENTS_S3_* name,
 * or, when neither service is given a bucket, the local S3 server's.
 */
function blobStoreOf(opts: StartStackOptions): { s3: boolean; startLocal: boolean } {
  const env = { ...process.env, ...opts.env };
  const store = env.BLOB_STORE ?? 'local';
  if (store !== 'local' && store !== 's3') throw new Error(`BLOB_STORE must be local or s3, got "${store}"`);
  if (store === 'local') return { s3: false, startLocal: false };
  return { s3: true, startLocal: !env.EXPORT_S3_BUCKET && !env.DOCUMENTS_S3_BUCKET };
}

/** The services' blob-store env: none for local directories, the S3 store's otherwise. */
function blobStoreEnv(opts: StartStackOptions, s3: RunningS3 | undefined): NodeJS.ProcessEnv {
  if (s3) return localS3ServiceEnv(s3.url);
  return blobStoreOf(opts).s3 ? { EXPORT_BLOB_STORE: 's3', BLOB_STORE: 's3' } : {};
}

function localS3Options(dataDir: string, isTest: boolean, port: number, opts: StartStackOptions) {
  return {
    dir: path.join(dataDir, 's3'),
    port,
    buckets: [LOCAL_S3_BUCKET],
    // npm start keeps its objects between runs, as it keeps its database; a test stack's go with it.
    keepObjects: !isTest,
    onLine: (line: string) => opts.onOutput?.('s3', line),
    signal: opts.signal,
  };
}

/** The local S3 server when BLOB_STORE=s3 names no real store, else undefined. */
async function startLocalS3(deps: {
  opts: StartStackOptions;
  isTest: boolean;
  dataDir: string;
  log: (message: string) => void;
}): Promise<RunningS3 | undefined> {
  const { opts, isTest, log } = deps;
  if (!blobStoreOf(opts).startLocal) return undefined;
  const port = opts.s3Port ?? (isTest ? await freePort() : DEFAULT_S3_PORT);
  const started = Date.now();
  const s3 = await startS3({ ...localS3Options(deps.dataDir, isTest, port, opts), log });
  log(
    `BLOB_STORE=s3: export files and attachments go to the local S3 server at ${s3.url} ` +
      `(bucket ${LOCAL_S3_BUCKET}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return s3;
}

/** Says why to stop waiting for a just-spawned part to get healthy, or undefined to go on. */
type AbortIf = (child: ManagedProcess) => string | undefined;

/** Watches every infrastructure server the launcher started and every child but the frontend build. */
function superviseStack(deps: {
  infra: InfraHandle;
  children: Map<string, ManagedProcess>;
  launches: Map<string, { kind: PartKind; launch: (abortIf: AbortIf) => Promise<ManagedProcess> }>;
  policy: RestartPolicyOptions | 'off';
  isStopping: () => boolean;
  log: (message: string) => void;
  onChange: (status: StackStatus) => void;
  onGiveUp: (info: CrashInfo) => void;
}): Supervisor {
  const policy = deps.policy === 'off' ? { ...DEFAULT_RESTART_POLICY, maxCrashes: 1 } : deps.policy;
  const supervisor = new Supervisor({ policy, log: deps.log, onChange: deps.onChange, onGiveUp: deps.onGiveUp });
  for (const server of deps.infra.processes) {
    const part = server.name as 'kafka' | 'mongo' | 'redis';
    supervisor.watch({ name: part, kind: 'infrastructure', process: server, restart: () => deps.infra.restart(part) });
  }
  for (const [name, { kind, launch }] of deps.launches) {
    const child = deps.children.get(name);
    if (!child) continue;
    const abortIf: AbortIf = (started) => {
      if (deps.isStopping()) return 'the stack is stopping';
      return started.isRunning() ? undefined : `it exited again; its last lines:\n${started.tail(40).join('\n')}`;
    };
    supervisor.watch({ name, kind, process: child, restart: () => launch(abortIf) });
  }
  return supervisor;
}

function firstAdminFrom(line: string): StackHandle['firstAdmin'] {
  const entry = parsePino(line);
  if (!entry || typeof entry.msg !== 'string' || !entry.msg.startsWith('first administrator created')) return undefined;
  if (typeof entry.email !== 'string') return undefined;
  return {
    email: entry.email,
    oneTimePassword: typeof entry.oneTimePassword === 'string' ? entry.oneTimePassword : undefined,
  };
}

async function resolvePorts(isTest: boolean, given: Partial<StackPorts> = {}): Promise<StackPorts> {
  if (!isTest) return { ...DEV_STACK_PORTS, ...given };
  const taken = new Set(Object.values(given));
  const result = { ...DEV_STACK_PORTS };
  for (const key of Object.keys(DEV_STACK_PORTS) as (keyof StackPorts)[]) {
    let port = given[key];
    while (port === undefined || (given[key] === undefined && taken.has(port))) port = await freePort();
    taken.add(port);
    result[key] = port;
  }
  return result;
}

async function assertPortsFree(ports: StackPorts, withFrontend: boolean): Promise<void> {
  const entries = Object.entries(ports).filter(([key]) => withFrontend || key !== 'frontend');
  const busy: string[] = [];
  await Promise.all(
    entries.map(async ([key, port]) => {
      if (await isPortOpen('127.0.0.1', port)) busy.push(`${key} port ${port}`);
    }),
  );
  if (busy.length > 0) {
    throw new Error(`already in use: ${busy.join(', ')} (is another \`npm start\` running?)`);
  }
}
