import { EventConsumer, topics, type EventConsumerOptions, type Kafka, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { ExportCompleted } from '@docket/proto/src/process-events';
import { exportPagePath, humanSize, type ExportEmailPlanner, type FinishedExport } from '../delivery';
import type { NotificationSink } from '../domain/delivery-ports';

export const EXPORT_NOTICES_GROUP = 'alerts.export-notices';

/**
 * The notice that an export is ready (or failed): exports.completed.v1 → a notification for whoever
 * started it, opening the export's page (progress, then the download, or retry), and an e-mail when the
 * event carries their address. Idempotent on event_id (EventConsumer), on the notification key and on
 * the e-mail's delivery key, so a redelivery adds nothing.
 */
export class ExportCompletedConsumer {
  private readonly consumer: EventConsumer;

  constructor(options: {
    kafka: Kafka;
    connection: EventConsumerOptions['connection'];
    logger: Logger;
    notifications: NotificationSink;
    /** Absent: in-app notices only. */
    emails?: ExportEmailPlanner;
    groupId?: string;
    topic?: TopicDef<ExportCompleted>;
  }) {
    const { notifications, emails } = options;
    this.consumer = new EventConsumer({
      kafka: options.kafka,
      groupId: options.groupId ?? EXPORT_NOTICES_GROUP,
      connection: options.connection,
      logger: options.logger,
    }).on(options.topic ?? topics.exportCompleted, async (event) => {
      await notifications.notify(exportNotice(event));
      await emails?.plan(finishedExport(event));
    });
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
    body: event.succeeded ? `${event.fileName} (${humanSize(Number(event.size))})${until}` : event.error,
    link: exportPagePath(event),
  };
}

export function finishedExport(event: ExportCompleted): FinishedExport {
  return {
    eventId: event.eventId,
    ownerUserId: event.userId,
    ownerEmail: event.userEmail,
    summary: {
      exportId: event.exportId,
      processId: event.processId,
      workspaceId: event.workspaceId,
      requestId: event.requestId,
      title: event.title,
      fileName: event.fileName,
      size: Number(event.size),
      succeeded: event.succeeded,
      error: event.error,
      ...(event.expiresAt ? { expiresAt: event.expiresAt } : {}),
    },
  };
}
