export {
  topics,
  documentChangeRefs,
  dlqTopicOf,
  kafkaNamespace,
  renameTopic,
  type KafkaNamespace,
  type TopicDef,
  type TopicName,
  type EventEnvelope,
} from './topics';
export { ProcessedEventsStore } from './processed-events.store';
export { newEventFields } from './event-fields';
export { createKafka, type Kafka } from './kafka';
export { ensureTopics } from './admin';
export { EventPublisher, CONTENT_TYPE, type RawEvent } from './publisher';
export { BroadcastListener, type BroadcastListenerOptions } from './broadcast-listener';
export {
  BUSY_TOPIC_FETCH_WINDOW,
  EventConsumer,
  type BatchEventHandler,
  type FetchWindow,
  type EventConsumerOptions,
  type EventHandler,
  type MessageMeta,
} from './consumer';
export {
  OutboxRelay,
  addOutbox,
  pendingEvent,
  pendingEventSchema,
  type PendingEvent,
  type PublishedEvents,
} from './outbox';
export { jobTrace, inJobTrace, type JobTrace } from './job-trace';
