/** @docket/processes: how any service's long job reports its progress (processes.updated.v1). */
export * from './process-update';
export { ProcessUpdatesPublisher } from './process-updates.publisher';
export { isProcessId, newProcessId } from './process-id';
export { ProgressTicker } from './progress-ticker';
export { RedisProcessSequence } from './process-sequence.redis';
