import {
  BUSY_TOPIC_FETCH_WINDOW,
  EventConsumer,
  topics,
  type EventConsumerOptions,
  type Kafka,
  type TopicDef,
} from '@docket/events';
import type { Logger } from '@docket/observability';
import { ProcessState, type ProcessUpdated } from '@docket/proto/src/process-events';
import { validateUpdate, type ProcessStatus, type ProcessUpdate } from '../domain/process';
import type { ProcessService } from './process.service';

export const PROCESSES_GROUP = 'export.processes';

/** Follows processes.updated.v1 from every service into the process store. */
export class ProcessUpdatedConsumer {
  private readonly consumer: EventConsumer;

  constructor(options: {
    kafka: Kafka;
    connection: EventConsumerOptions['connection'];
    logger: Logger;
    processes: ProcessService;
    groupId?: string;
    topic?: TopicDef<ProcessUpdated>;
  }) {
    const { processes } = options;
    this.consumer = new EventConsumer({
      kafka: options.kafka,
      groupId: options.groupId ?? PROCESSES_GROUP,
      connection: options.connection,
      logger: options.logger,
      fetchWindow: BUSY_TOPIC_FETCH_WINDOW,
    }).on(options.topic ?? topics.processUpdated, async (event) => {
      await processes.apply(toUpdate(event));
    });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}

const STATUS_OF: Partial<Record<ProcessState, ProcessStatus>> = {
  [ProcessState.PROCESS_STATE_QUEUED]: 'queued',
  [ProcessState.PROCESS_STATE_RUNNING]: 'running',
  [ProcessState.PROCESS_STATE_SUCCEEDED]: 'succeeded',
  [ProcessState.PROCESS_STATE_FAILED]: 'failed',
};

/** A malformed event throws: it is retried, then dead-lettered by the EventConsumer. */
export function toUpdate(event: ProcessUpdated): ProcessUpdate {
  const status = STATUS_OF[event.state];
  if (!status) throw new Error(`process ${event.processId}: unknown state ${event.state}`);
  return validateUpdate({
    id: event.processId,
    kind: event.kind,
    title: event.title,
    ownerId: event.ownerId,
    status,
    total: event.total,
    done: event.done,
    message: event.message,
    failed: event.failed,
    failures: event.failures.map(({ item, reason, message }) => ({ item, reason, message })),
    sequence: event.sequence,
    at: event.occurredAt ?? new Date(),
  });
}
