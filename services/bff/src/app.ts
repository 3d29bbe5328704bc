import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Queue } from 'bullmq';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { Redis } from 'ioredis';
import { NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { connectMongo, grpcChannelCredentials, grpcTlsOf } from '@docket/service-kit';
import { registerAdminRoutes } from './admin/admin.routes';
import { registerHealthRoutes, type ReadinessProbe } from './admin/health.routes';
import { openServiceQueues, queuesDashboard } from './admin/queues-dashboard';
import { StackStatusFile, type StackStatusSource } from './admin/stack-status.file';
import { registerStackStatusRoutes } from './admin/stack-status.routes';
import { AlertsGateway } from './alerts/alerts.gateway';
import { registerAlertRoutes } from './alerts/alerts.routes';
import { registerNotificationRoutes } from './alerts/notifications.routes';
import { registerUnsubscribeRoutes } from './alerts/unsubscribe.routes';
import { VolumeEstimateGateway } from './alerts/volume-estimate.gateway';
import { registerWebhookEndpointRoutes } from './alerts/webhook-endpoints.routes';
import { CatalogGateway } from './catalog/catalog.gateway';
import { registerCatalogRoutes } from './catalog/catalog.routes';
import type { BffConfig } from './config';
import { DataProductsGateway } from './data-products/data-products.gateway';
import { registerDataProductRoutes } from './data-products/data-products.routes';
import { DataSubscriptionsGateway } from './data-products/data-subscriptions.gateway';
import { registerDataSubscriptionRoutes } from './data-products/data-subscriptions.routes';
import { registerDocketRoutes } from './documents/dockets.routes';
import { DocumentsGateway, type DocumentDetailView } from './documents/documents.gateway';
import { registerDocumentRoutes } from './documents/documents.routes';
import { registerIngestionRoutes } from './documents/ingestion.routes';
import type { UploadLimits } from './documents/multipart-upload';
import { RecentDocumentViews } from './documents/recent-document-views';
import { keepListeningToDocumentChanges, type DocumentChangeTopics } from './events/document-changes.listener';
import { ExportsGateway } from './exports/exports.gateway';
import { registerExportRoutes } from './exports/exports.routes';
import { createGrpcClients } from './grpc/clients';
import { UserActivitySignal } from './grpc/user-activity.signal';
import { ApiRouter } from './http/api-router';
import type { CookiePolicy } from './http/cookies';
import { CsrfProtection } from './http/csrf';
import { errorHandler } from './http/error-handler';
import type { SessionEnds } from './http/event-stream';
import { refuseInvalidUtf8 } from './http/input-policy';
import { allowedMethods } from './http/middleware/allowed-methods';
import { requestLogger } from './http/middleware/request-logger';
import { noteUserRequests } from './http/middleware/user-activity.middleware';
import { securityHeaders } from './http/security-headers';
import type { TrustProxy } from './http/trust-proxy';
import { registerAuthRoutes } from './identity/auth.routes';
import { AuthService } from './identity/auth.service';
import { ensureFirstAdministrator } from './identity/first-admin';
import { registerMeRoutes } from './identity/me.routes';
import { OrganisationRepository } from './identity/organisation.repository';
import { PasswordHasher } from './identity/password-hasher';
import { RepositoryQueryUserLookup, type QueryUserLookup } from './identity/query-user-lookup';
import { SESSION_USER_CACHE_MS, SessionUserCache } from './identity/session-user-cache';
import { loadSession } from './identity/session.middleware';
import { UserDirectory } from './identity/user-directory';
import { UserRepository } from './identity/user.repository';
import { UserService } from './identity/user.service';
import { registerUserRoutes } from './identity/users.routes';
import { buildOpenApiDocument } from './openapi';
import { ProcessesGateway } from './processes/processes.gateway';
import { registerProcessRoutes } from './processes/processes.routes';
import { QueriesGateway } from './queries/queries.gateway';
import { registerQueryRoutes } from './queries/queries.routes';
import { QueryWorkspaceNames } from './queries/query-workspace-names.client';
import { SearchGateway } from './search/search.gateway';
import { registerSearchRoutes } from './search/search.routes';
import { SessionEndWatcher } from './sessions/session-end.watcher';
import { SessionStore } from './sessions/session.store';
import { defaultSignInThrottle, SignInThrottle, type SignInThrottleOptions } from './sessions/sign-in-throttle';
import { WorkspacePeople } from './workspaces/workspace-people';
import { WorkspacesGateway } from './workspaces/workspaces.gateway';
import { registerWorkspaceRoutes } from './workspaces/workspaces.routes';

export interface AppDeps {
  logger: Logger;
  sessionSecret: string;
  cookies: CookiePolicy;
  /** express "trust proxy": whose X-Forwarded-For to believe (TRUST_PROXY; nobody by default). */
  trustProxy: TrustProxy;
  heartbeatMs: number;
  /** Ends event streams when their session ends. */
  sessionEnds: SessionEnds;
  auth: AuthService;
  users: UserService;
  directory: UserDirectory;
  documents: DocumentsGateway;
  catalog: CatalogGateway;
  dataProducts: DataProductsGateway;
  dataSubscriptions: DataSubscriptionsGateway;
  uploadLimits: UploadLimits;
  search: SearchGateway;
  processes: ProcessesGateway;
  exports: ExportsGateway;
  queries: QueriesGateway;
  queryWorkspaceNames: QueryWorkspaceNames;
  queryPeople: QueryUserLookup;
  workspaces: WorkspacesGateway;
  workspacePeople: WorkspacePeople;
  alerts: AlertsGateway;
  volume: VolumeEstimateGateway;
  readiness: ReadinessProbe;
  /** Process health of the whole stack, when a launcher reports it (default: nothing reported). */
  stackStatus?: StackStatusSource;
  /** Told of each user's API request, so that background work elsewhere steps back (default: nobody). */
  userActivity?: { note(): void };
  /** The services' BullMQ queues, shown to administrators at /api/admin/queues (default: none). */
  queues?: Queue[];
}

/** The express app, wired from its collaborators; no I/O happens here. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);
  app.set('etag', false); // API responses are per-user; no conditional GETs

  const registry = new OpenAPIRegistry();
  const csrf = new CsrfProtection(deps.sessionSecret, deps.cookies);
  const api = new ApiRouter(registry, csrf);

  app.use(requestLogger(deps.logger));
  app.use(securityHeaders({ hsts: deps.cookies.secure }));
  app.use(allowedMethods());
  app.use(express.json({ limit: '6mb', verify: refuseInvalidUtf8 }));
  app.use(cookieParser());
  app.use(loadSession(deps.auth, deps.cookies));
  if (deps.userActivity) app.use(noteUserRequests(deps.userActivity));
  app.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  registerHealthRoutes(api, deps.readiness);
  registerAuthRoutes(api, { auth: deps.auth, directory: deps.directory, csrf, cookies: deps.cookies });
  registerMeRoutes(api, { users: deps.users, directory: deps.directory });
  registerUserRoutes(api, { users: deps.users, directory: deps.directory });
  // Ingestion first: POST /api/documents/upload must not be read as a document id.
  registerIngestionRoutes(api, { documents: deps.documents, uploadLimits: deps.uploadLimits, logger: deps.logger });
  registerDocumentRoutes(api, { documents: deps.documents, logger: deps.logger });
  registerDocketRoutes(api, { documents: deps.documents });
  registerSearchRoutes(api, { search: deps.search });
  registerCatalogRoutes(api, { catalog: deps.catalog, search: deps.search });
  registerDataProductRoutes(api, { dataProducts: deps.dataProducts, uploadLimits: deps.uploadLimits });
  registerDataSubscriptionRoutes(api, { subscriptions: deps.dataSubscriptions });
  registerStackStatusRoutes(api, { stackStatus: deps.stackStatus ?? new StackStatusFile(undefined) });
  registerAdminRoutes(api, { search: deps.search });
  registerProcessRoutes(api, {
    processes: deps.processes,
    logger: deps.logger,
    heartbeatMs: deps.heartbeatMs,
    sessionEnds: deps.sessionEnds,
  });
  registerQueryRoutes(api, {
    queries: deps.queries,
    workspaceNames: deps.queryWorkspaceNames,
    people: deps.queryPeople,
    logger: deps.logger,
    heartbeatMs: deps.heartbeatMs,
    sessionEnds: deps.sessionEnds,
  });
  registerWorkspaceRoutes(api, { workspaces: deps.workspaces, people: deps.workspacePeople });
  registerAlertRoutes(api, { alerts: deps.alerts, volume: deps.volume, documents: deps.documents });
  registerNotificationRoutes(api, {
    alerts: deps.alerts,
    logger: deps.logger,
    heartbeatMs: deps.heartbeatMs,
    sessionEnds: deps.sessionEnds,
  });
  registerWebhookEndpointRoutes(api, { alerts: deps.alerts });
  registerUnsubscribeRoutes(api, { alerts: deps.alerts });
  registerExportRoutes(api, { exports: deps.exports, logger: deps.logger });

  const openApiDocument = buildOpenApiDocument(registry);
  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(api.router);
  app.use(queuesDashboard(deps.queues ?? []));
  app.use(() => {
    throw new NotFoundError('no such route');
  });
  app.use(errorHandler(deps.logger));
  return app;
}

export interface StartOptions {
  signInThrottle?: Partial<SignInThrottleOptions>;
  heartbeatMs?: number;
  /** How often open event streams check that their sessions still exist (default 1.5 s). */
  sessionSweepMs?: number;
  /** The documents service's topics this BFF hears (default: the real ones; tests use their own). */
  documentChangeTopics?: DocumentChangeTopics;
}

export interface RunningBff {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Connects MongoDB, Redis and the gRPC services, makes sure the first administrator exists, and listens. */
export async function startBff(config: BffConfig, logger: Logger, options: StartOptions = {}): Promise<RunningBff> {
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, lazyConnect: true });
  await redis.connect();

  const organisations = new OrganisationRepository(connection);
  const userRepository = new UserRepository(connection);
  await Promise.all([organisations.init(), userRepository.init()]);
  const hasher = new PasswordHasher();
  await hasher.warmUp();
  await ensureFirstAdministrator(
    { organisations, users: userRepository, hasher, logger },
    { organisationName: config.ORG_NAME, adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD },
  );

  // The services' queues, read by the admin dashboard over a connection of their own.
  const queueRedis = redis.duplicate();
  const queues = openServiceQueues(queueRedis, (queue, error) =>
    logger.warn({ queue, err: error }, 'queues dashboard: Redis connection error'),
  );
  const sessions = new SessionStore(redis, config.SESSION_TTL_SECONDS);
  const sessionEnds = new SessionEndWatcher(
    redis.duplicate(),
    sessions,
    logger,
    options.sessionSweepMs ?? SESSION_USER_CACHE_MS,
  );
  await sessionEnds.start();
  const throttle = new SignInThrottle(redis, { ...defaultSignInThrottle, ...options.signInThrottle });
  // Never kept longer than half a session's life, so a very short SESSION_TTL_SECONDS still expires.
  const sessionUsers = new SessionUserCache(Math.min(SESSION_USER_CACHE_MS, config.SESSION_TTL_SECONDS * 500));
  const grpc = createGrpcClients(
    {
      documents: config.DOCUMENTS_GRPC,
      queryEngine: config.QUERY_ENGINE_GRPC,
      export: config.EXPORT_GRPC,
      alerts: config.ALERTS_GRPC,
    },
    grpcChannelCredentials(grpcTlsOf(config)),
  );
  const documentViews = new RecentDocumentViews<DocumentDetailView>();
  const documents = new DocumentsGateway(grpc.documents, documentViews);
  const documentChanges = config.KAFKA_BROKERS
    ? keepListeningToDocumentChanges({
        brokers: config.KAFKA_BROKERS,
        logger,
        views: documentViews,
        topics: options.documentChangeTopics,
      })
    : undefined;

  const app = createApp({
    logger,
    sessionSecret: config.SESSION_SECRET,
    cookies: { secure: config.COOKIE_SECURE, ttlSeconds: config.SESSION_TTL_SECONDS },
    trustProxy: config.TRUST_PROXY,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    sessionEnds,
    auth: new AuthService(userRepository, sessions, throttle, hasher, logger, sessionUsers),
    users: new UserService(userRepository, sessions, hasher, throttle, logger, sessionUsers),
    directory: new UserDirectory(organisations),
    documents,
    userActivity: new UserActivitySignal(() => documents.noteUserActivity(), logger),
    catalog: new CatalogGateway(grpc.documents),
    dataProducts: new DataProductsGateway(grpc.documents),
    uploadLimits: { maxFileBytes: config.UPLOAD_MAX_FILE_MB * 1024 * 1024, maxFiles: config.UPLOAD_MAX_FILES },
    search: new SearchGateway(grpc.search),
    processes: new ProcessesGateway(grpc.processes),
    exports: new ExportsGateway(grpc.exports),
    queries: new QueriesGateway(grpc.queries),
    queryWorkspaceNames: new QueryWorkspaceNames(grpc.workspaces),
    queryPeople: new RepositoryQueryUserLookup(userRepository),
    workspaces: new WorkspacesGateway(grpc.workspaces),
    workspacePeople: new WorkspacePeople(userRepository),
    alerts: new AlertsGateway(grpc.alerts),
    dataSubscriptions: new DataSubscriptionsGateway(grpc.alerts),
    volume: new VolumeEstimateGateway(grpc.search),
    stackStatus: new StackStatusFile(config.STACK_STATUS_FILE),
    queues,
    readiness: {
      mongo: () => organisations.ping(),
      redis: async () => {
        await redis.ping();
      },
    },
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  logger.info({ port, host: config.HOST }, 'BFF listening');

  return {
    port,
    url: `http://${host}:${port}`,
    stop: async () => {
      // SSE streams never finish on their own; close idle and streaming connections so we can exit.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 5000).unref();
      await closed;
      await documentChanges?.stop();
      await sessionEnds.stop();
      grpc.close();
      // BullMQ drops its error listeners on close; a queue still connecting would then report the
      // closed connection to nobody and crash the process. Let each finish connecting (or fail) first,
      // for 2 s at most (Redis may be gone too).
      const connecting = Promise.allSettled(queues.map((q) => q.waitUntilReady()));
      await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      await Promise.allSettled(queues.map((q) => q.close()));
      await Promise.allSettled([redis.quit(), queueRedis.quit(), connection.close()]);
    },
  };
}
