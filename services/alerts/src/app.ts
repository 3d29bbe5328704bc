import { Redis } from 'ioredis';
import { createKafka, ensureTopics, EventPublisher, kafkaNamespace, OutboxRelay, topics } from '@docket/events';
import type { Logger } from '@docket/observability';
import {
  connectMongo,
  grpcChannelCredentials,
  grpcTlsOf,
  ShutdownLadder,
  startGrpcServer,
  type StartedService,
} from '@docket/service-kit';
import { alertServiceBinding } from './alert-service.binding';
import { AlertChangeMark } from './alerts/alert-change-mark';
import { AlertRepository } from './alerts/alert.repository';
import { AlertService } from './alerts/alert.service';
import { alertHandlers } from './alerts/alerts.grpc';
import { HitRepository } from './alerts/hit.repository';
import type { Config } from './config';
import { DataSubscriptionRepository } from './data-subscriptions/data-subscription.repository';
import { DataSubscriptionService } from './data-subscriptions/data-subscription.service';
import { dataSubscriptionHandlers } from './data-subscriptions/data-subscriptions.grpc';
import { DocumentsReleasesClient } from './data-subscriptions/documents-releases.client';
import { ReleaseNotifier } from './data-subscriptions/release-notifier';
import { DATA_SUBSCRIPTIONS_GROUP, ReleasePublishedConsumer } from './data-subscriptions/release-published.consumer';
import { StoredAlertSource, StoredHitSource } from './delivery/delivery-sources';
import { startDelivery, type DeliveryParts } from './delivery/delivery.module';
import type { NotificationSink } from './domain/delivery-ports';
import { AlertIndex } from './matching/alert-index';
import { alertTriggeredEvents } from './matching/alert-triggered.event';
import { DocumentChangesConsumer, PERCOLATOR_GROUP } from './matching/document-changes.consumer';
import { Percolator } from './matching/percolator.service';
import { EXPORT_NOTICES_GROUP, ExportCompletedConsumer } from './notifications/export-completed.consumer';
import { NotificationFeed } from './notifications/notification.feed';
import { NotificationRepository } from './notifications/notification.repository';
import { NotificationService } from './notifications/notification.service';
import { notificationHandlers } from './notifications/notifications.grpc';
import { WebhookEndpointRepository } from './webhooks/webhook-endpoint.repository';
import { wireWebhooks } from './webhooks/webhook-parts';
import { webhookHandlers } from './webhooks/webhooks.grpc';

export interface RunningApp extends StartedService {
  grpcPort: number;
  /**
   * The in-app notification store. Only tests use it: they write notifications as delivery does, to
   * watch them reach a watcher (the gRPC API has no call that writes one).
   */
  notifications: NotificationSink;
  /**
   * Delivery's parts. Only tests use them: they plan a digest window at a chosen time, tick the
   * scheduler and sweep at once, which the gRPC API leaves to the schedule.
   */
  delivery: DeliveryParts;
}

/**
 * Wires the alerts service: Mongo stores, the percolation index and the percolator consuming
 * documents.ingested.v1 / documents.updated.v1, the hits' outbox to alerts.triggered.v1,
 * notifications with their Redis pub/sub feed, webhook endpoints, data-product subscriptions told of
 * catalog.release-published.v1 (asking the documents service what changed), and AlertService over gRPC (each
 * part's handlers merged by alertServiceBinding). `stop` closes in reverse order.
 */
export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  try {
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
    const subscriber = redis.duplicate();
    closers.add('redis', async () => {
      subscriber.disconnect();
      await redis.quit().catch(() => undefined);
    });
    // Alert writes change the mark percolators check before each document (see AlertIndex.currentAsOf).
    const changeMark = new AlertChangeMark(redis, config.ALERTS_PUBSUB_PREFIX);
    const alerts = new AlertRepository(connection, changeMark);
    const hits = new HitRepository(connection);
    const notificationStore = new NotificationRepository(connection);
    const endpointStore = new WebhookEndpointRepository(connection);
    const dataSubscriptionStore = new DataSubscriptionRepository(connection);
    await Promise.all([
      alerts.init(),
      hits.init(),
      notificationStore.init(),
      endpointStore.init(),
      dataSubscriptionStore.init(),
    ]);

    const feed = new NotificationFeed(redis, subscriber, config.ALERTS_PUBSUB_PREFIX, logger);
    const notifications = new NotificationService(notificationStore, feed, logger);
    const webhooks = wireWebhooks(config, { store: endpointStore, notices: notifications, logger });

    const index = new AlertIndex(alerts, logger, config.ALERTS_INDEX_REFRESH_MS, { changes: changeMark });
    await index.load();
    index.start();
    closers.add('alert index', () => index.stop());
    const alertService = new AlertService({
      alerts,
      hits,
      index,
      endpoints: webhooks.endpoints,
      maxPerUser: config.ALERTS_MAX_PER_USER,
    });

    const kafkaNames = kafkaNamespace(config.KAFKA_NAMESPACE);
    const ingestedTopic = kafkaNames.topic(topics.documentIngested);
    const updatedTopic = kafkaNames.topic(topics.documentUpdated);
    const triggeredTopic = kafkaNames.topic(topics.alertTriggered);
    const exportCompletedTopic = kafkaNames.topic(topics.exportCompleted);
    const releasePublishedTopic = kafkaNames.topic(topics.releasePublished);
    const kafka = createKafka({ clientId: 'alerts', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(
      kafka,
      [ingestedTopic, updatedTopic, triggeredTopic, exportCompletedTopic, releasePublishedTopic],
      config.KAFKA_TOPIC_PARTITIONS,
    );
    const publisher = new EventPublisher(kafka, logger);
    await publisher.connect();
    closers.add('publisher', () => publisher.disconnect());
    const hitsRelay = new OutboxRelay({
      model: hits.model,
      publisher,
      logger,
      intervalMs: config.OUTBOX_INTERVAL_MS,
    });
    hitsRelay.start();
    closers.add('outbox relay', () => hitsRelay.stop());

    // Delivery's worker starts before the percolator hands it hits, and stops after the consumer does.
    const delivery = await startDelivery({
      config,
      connection,
      alerts: new StoredAlertSource(alerts),
      hits: new StoredHitSource(hits),
      notifications,
      webhooks: webhooks.sender,
      closers,
      logger,
    });

    const percolator = new Percolator({
      index,
      alerts,
      hits,
      planner: delivery.planner,
      triggeredEvent: alertTriggeredEvents(triggeredTopic),
      publishHits: (ids) => hitsRelay.kick(ids),
      logger,
    });
    const consumer = new DocumentChangesConsumer({
      kafka,
      connection,
      logger,
      percolator,
      groupId: kafkaNames.group(PERCOLATOR_GROUP),
      ingestedTopic,
      updatedTopic,
    });
    await consumer.start();
    closers.add('consumer', () => consumer.stop());
    const exportNotices = new ExportCompletedConsumer({
      kafka,
      connection,
      logger,
      notifications,
      emails: delivery.exportEmails,
      topic: exportCompletedTopic,
      groupId: kafkaNames.group(EXPORT_NOTICES_GROUP),
    });
    await exportNotices.start();
    closers.add('export notices', () => exportNotices.stop());

    const documents = new DocumentsReleasesClient(config.DOCUMENTS_GRPC, grpcChannelCredentials(grpcTlsOf(config)));
    closers.add('documents client', () => documents.close());
    const dataSubscriptions = new DataSubscriptionService({
      subscriptions: dataSubscriptionStore,
      products: documents,
      endpoints: webhooks.endpoints,
      maxPerUser: config.DATA_SUBSCRIPTIONS_MAX_PER_USER,
    });
    const releaseNotices = new ReleasePublishedConsumer({
      kafka,
      connection,
      logger,
      notifier: new ReleaseNotifier({
        subscriptions: dataSubscriptionStore,
        products: documents,
        notifications,
        deliveries: delivery.releaseDeliveries,
        logger,
      }),
      topic: releasePublishedTopic,
      groupId: kafkaNames.group(DATA_SUBSCRIPTIONS_GROUP),
    });
    await releaseNotices.start();
    closers.add('release notices', () => releaseNotices.stop());

    const grpc = await startGrpcServer({
      port: config.GRPC_PORT,
      host: config.GRPC_HOST,
      tls: grpcTlsOf(config),
      healthPort: config.GRPC_HEALTH_PORT,
      services: [
        alertServiceBinding([
          alertHandlers({ alerts: alertService, logger }),
          notificationHandlers({ notifications, logger }),
          webhookHandlers({ endpoints: webhooks.endpoints, logger }),
          dataSubscriptionHandlers({ subscriptions: dataSubscriptions, logger }),
          delivery.handlers,
        ]),
      ],
      logger,
    });
    closers.add('grpc', () => grpc.shutdown());
    closers.add('watchers', () => notifications.close()); // runs first: open watch streams end now

    return { grpcPort: grpc.port, notifications, delivery, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
