import { EventConsumer, topics, type EventConsumerOptions, type Kafka, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { ExportCompleted } from '@docket/proto/src/gen/research/export/events/v1/processes';
import type { NotificationSink } from '../domain/delivery-ports';

export const EXPORT_NOTICES_GROUP = 'alerts.export-notices';

/**
 * The in-app notice that an export is ready (or failed): exports.completed.v1 → a notification for
 * whoever started it, opening the export's process page (progress, then the download). Idempotent on
 * event_id (EventConsumer) and on the notification key, so a redelivery adds nothing.
 */
export class ExportCompletedConsumer {
  private readonly consumer: EventConsumer;

  constructor(options: {
    kafka: Kafka;
    connection: EventConsumerOptions['connection'];
    logger: Logger;
    notifications: NotificationSink;
    groupId?: string;
    topic?: TopicDef<ExportCompleted>;
  }) {
    const { notifications } = options;
    this.consumer = new EventConsumer({ kafka: options.kafka, groupId: options.groupId ?? EXPORT_NOTICES_GROUP, connection: options.connection, logger: options.logger })
      .on(options.topic ?? topics.exportCompleted, (event) => notifications.notify(exportNotice(event)));
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}

export function exportNotice(event: ExportCompleted): Parameters<NotificationSink['notify']>[0] {
  const until = event.expiresAt ? `; available until ${event.expiresAt.toISOString().slice(0, 10)}` : '';
  return {
    key: `export:${event.eventId}`,
    ownerUserId: event.userId,
    kind: 'notice',
    title: event.succeeded ? `Export ready: ${event.title}` : `Export failed: ${event.title}`,
    body: event.succeeded ? `${event.fileName} (${megabytes(Number(event.size))})${until}` : event.error,
    link: `/processes/${event.processId}`,
  };
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;
}
