import { newEventFields, topics, type EventPublisher, type TopicDef } from '@docket/events';
import { ProcessState, type ProcessUpdated } from '@docket/proto/src/process-events';
import { MAX_REPORTED_FAILURES, type ProcessStatus, type ProcessUpdate, type ProcessUpdates } from './process-update';

const STATES: Record<ProcessStatus, ProcessState> = {
  queued: ProcessState.PROCESS_STATE_QUEUED,
  running: ProcessState.PROCESS_STATE_RUNNING,
  succeeded: ProcessState.PROCESS_STATE_SUCCEEDED,
  failed: ProcessState.PROCESS_STATE_FAILED,
};

/** Emits processes.updated.v1 (key = process id) with a sequence taken from `sequences`. */
export class ProcessUpdatesPublisher implements ProcessUpdates {
  constructor(
    private readonly publisher: EventPublisher,
    private readonly sequences: { next(processId: string): Promise<number> },
    private readonly topic: TopicDef<ProcessUpdated> = topics.processUpdated,
  ) {}

  async publish(update: ProcessUpdate): Promise<void> {
    const sequence = await this.sequences.next(update.processId);
    await this.publisher.publish(this.topic, {
      ...newEventFields(),
      processId: update.processId,
      kind: update.kind,
      title: update.title,
      ownerId: update.ownerId,
      state: STATES[update.status],
      total: String(update.total),
      done: String(update.done),
      message: update.message,
      sequence: String(sequence),
      failed: String(update.failed ?? 0),
      failures: (update.failures ?? []).slice(0, MAX_REPORTED_FAILURES),
    });
  }
}
