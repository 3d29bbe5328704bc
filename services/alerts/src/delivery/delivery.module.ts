import { Redis } from 'ioredis';
import type { Logger } from '@docket/observability';
import { grpcChannelCredentials, grpcTlsOf, type ShutdownLadder } from '@docket/service-kit';
import type { Config } from '../config';
import type {
  AlertSource,
  DeliveryPlanner,
  HitSource,
  NotificationSink,
  WebhookSender,
} from '../domain/delivery-ports';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { noAnswers, type QuestionAnswerer } from './delivery-jobs';
import { RealtimeDeliveryPlanner } from './delivery-planner';
import { deliveryHandlers, type DeliveryHandlers } from './delivery.grpc';
import { DeliveryQueue } from './delivery.queue';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryService } from './delivery.service';
import { DeliverySweeper } from './delivery.sweeper';
import { DeliveryWorker } from './delivery.worker';
import { DigestPlanner } from './digest-planner';
import { hourStart } from './digest-window';
import { DigestScheduler } from './digest.scheduler';
import { AlertEmailBuilder } from './email/alert-email';
import { EmailRenderer, MjmlTemplate } from './email/email-renderer';
import { ExportEmailBuilder, type ExportEmailView } from './email/export-email';
import { SmtpMailer, type Mailer } from './email/mailer';
import { ReleaseEmailBuilder, type ReleaseEmailView } from './email/release-email';
import { ExportEmailPlanner } from './export-email-planner';
import { QueryEngineAnswerer } from './question-answerer.client';
import { ReleaseDeliveryPlanner } from './release-delivery-planner';
import { UnsubscribeTokens } from './unsubscribe-token';

export type DeliveryConfig = Pick<
  Config,
  | 'REDIS_URL'
  | 'PUBLIC_APP_URL'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'UNSUBSCRIBE_SECRET'
  | 'ALERTS_REALTIME_MAX_PER_HOUR'
  | 'ALERTS_DIGEST_CRON'
  | 'ALERTS_DELIVERY_LOCK_MS'
  | 'ALERTS_DELIVERY_SWEEP_MS'
  | 'ALERTS_DELIVERY_CONCURRENCY'
  | 'ALERTS_QUEUE_PREFIX'
  | 'QUERY_ENGINE_GRPC'
  | 'GRPC_TLS_CA'
  | 'GRPC_TLS_CERT'
  | 'GRPC_TLS_KEY'
>;

export interface DeliveryParts {
  /** For the percolator: hands it new hits. */
  planner: DeliveryPlanner;
  /** SendTestAlert, ListDeliveries, DescribeUnsubscribe, Unsubscribe for the gRPC server. */
  handlers: DeliveryHandlers;
  service: DeliveryService;
  digests: {
    /** Plans the digests of the hour `at` falls in now, in this process (tests: a window at a chosen time). */
    planWindow(at: Date): Promise<{ users: number; deliveries: number }>;
    /** Queues that window's tick, as the hourly scheduler does. */
    tick(at: Date): Promise<void>;
  };
  /** Queues again pending deliveries left without a job (what the periodic sweep does). */
  sweep(): Promise<number>;
  /** Records and queues the e-mail of a finished export (exports.completed.v1). */
  exportEmails: ExportEmailPlanner;
  /** Records and queues a data product release's e-mail and webhook for a subscriber. */
  releaseDeliveries: ReleaseDeliveryPlanner;
}

/** E-mail deliveries fail, saying why, when no SMTP server is configured. */
const NO_SMTP: Mailer = {
  send: async () => {
    throw new Error('no SMTP server is configured (SMTP_URL)');
  },
  close: () => undefined,
};

/**
 * Wires delivery: the deliveries store, the BullMQ delivery queue and its worker, the hourly digest
 * scheduler, the sweep for deliveries a crash left unqueued, e-mail (MJML + nodemailer) and the RPCs.
 * Everything it opens is added to `closers` (workers stop before the connections they use).
 */
export async function startDelivery(deps: {
  config: DeliveryConfig;
  /** The service's Mongo connection (the deliveries collection lives beside alerts and hits). */
  connection: ConstructorParameters<typeof DeliveryRepository>[0];
  alerts: AlertSource;
  hits: HitSource;
  notifications: NotificationSink;
  webhooks?: WebhookSender;
  closers: ShutdownLadder;
  logger: Logger;
  clock?: () => Date;
}): Promise<DeliveryParts> {
  const { config, closers, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const prefix = config.ALERTS_QUEUE_PREFIX;
  const log = logger.child({ component: 'delivery' });

  const deliveries = new DeliveryRepository(deps.connection);
  await deliveries.init();

  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  closers.add('delivery redis', () => redis.quit().catch(() => undefined));
  // BullMQ workers block on their connection: it must not give up on a request.
  const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  closers.add('delivery worker redis', () => workerRedis.quit().catch(() => undefined));

  const queue = new DeliveryQueue(redis, prefix);
  closers.add('delivery queue', () => queue.close());

  if (!config.SMTP_URL) log.warn('SMTP_URL is not set: e-mail deliveries will fail until it is');
  const mailer = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : NO_SMTP;
  closers.add('mailer', () => mailer.close());
  const tokens = new UnsubscribeTokens(config.UNSUBSCRIBE_SECRET);
  const email = new AlertEmailBuilder({
    appUrl: config.PUBLIC_APP_URL,
    renderer: EmailRenderer.load(),
    messageIdDomain: messageIdDomain(config.MAIL_FROM),
    unsubscribeToken: (ownerUserId, alertIds) => tokens.sign({ ownerUserId, alertIds }),
  });
  const exportEmail = new ExportEmailBuilder({
    appUrl: config.PUBLIC_APP_URL,
    messageIdDomain: messageIdDomain(config.MAIL_FROM),
    template: MjmlTemplate.load<ExportEmailView>('export-email'),
  });
  const dispatcher = new DeliveryDispatcher({
    alerts: deps.alerts,
    notifications: deps.notifications,
    mailer,
    email,
    exportEmail,
    releaseEmail: new ReleaseEmailBuilder({
      appUrl: config.PUBLIC_APP_URL,
      messageIdDomain: messageIdDomain(config.MAIL_FROM),
      template: MjmlTemplate.load<ReleaseEmailView>('release-email'),
    }),
    webhooks: deps.webhooks,
    appUrl: config.PUBLIC_APP_URL,
  });

  const worker = new DeliveryWorker({
    connection: workerRedis,
    prefix,
    deliveries,
    dispatcher,
    webhooks: deps.webhooks,
    concurrency: config.ALERTS_DELIVERY_CONCURRENCY,
    lockDurationMs: config.ALERTS_DELIVERY_LOCK_MS,
    clock,
    logger,
  });
  worker.start();
  closers.add('delivery worker', () => worker.close());

  const planner = new RealtimeDeliveryPlanner({
    deliveries,
    hits: deps.hits,
    alerts: deps.alerts,
    notifications: deps.notifications,
    jobs: queue,
    maxPerHour: config.ALERTS_REALTIME_MAX_PER_HOUR,
    clock,
    logger: log,
  });
  let answers: QuestionAnswerer = noAnswers;
  if (config.QUERY_ENGINE_GRPC) {
    const answerer = new QueryEngineAnswerer(config.QUERY_ENGINE_GRPC, grpcChannelCredentials(grpcTlsOf(config)));
    closers.add('query-engine client', () => answerer.close());
    answers = answerer;
  }
  const digestPlanner = new DigestPlanner({
    deliveries,
    clock,
    alerts: deps.alerts,
    hits: deps.hits,
    jobs: queue,
    answers,
    maxPerHour: config.ALERTS_REALTIME_MAX_PER_HOUR,
    logger: log,
  });
  const scheduler = new DigestScheduler({
    connection: redis,
    workerConnection: workerRedis,
    prefix,
    planner: digestPlanner,
    cron: config.ALERTS_DIGEST_CRON,
    lockDurationMs: config.ALERTS_DELIVERY_LOCK_MS,
    logger,
  });
  await scheduler.start();
  closers.add('digest scheduler', () => scheduler.close());

  const sweeper = new DeliverySweeper({
    deliveries,
    jobs: queue,
    afterMs: config.ALERTS_DELIVERY_SWEEP_MS,
    logger: log,
  });
  sweeper.start();
  closers.add('delivery sweeper', () => sweeper.stop());

  const service = new DeliveryService({ deliveries, alerts: deps.alerts, hits: deps.hits, jobs: queue, tokens, clock });
  return {
    planner,
    service,
    handlers: deliveryHandlers({ service, logger }),
    digests: { planWindow: (at) => digestPlanner.planWindow(hourStart(at)), tick: (at) => scheduler.tick(at) },
    sweep: () => sweeper.sweep(),
    exportEmails: new ExportEmailPlanner({ deliveries, jobs: queue, clock }),
    releaseDeliveries: new ReleaseDeliveryPlanner({ deliveries, jobs: queue, clock }),
  };
}

/** The domain of the sender's address, for Message-IDs. */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)/u.exec(from)?.[1] ?? 'docket-research.local';
}
