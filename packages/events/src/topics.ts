import { AlertTriggered } from '@docket/proto/src/alert-events';
import {
  DocumentChangeRef,
  DocumentDeleted,
  DocumentIngested,
  DocumentUpdated,
  ReleasePublished,
} from '@docket/proto/src/document-events';
import { ExportCompleted, ProcessUpdated } from '@docket/proto/src/process-events';
import { QueryCompleted } from '@docket/proto/src/query-events';

/** Every event message carries these two fields (DESIGN §2). */
export interface EventEnvelope {
  eventId: string;
  occurredAt?: Date | undefined;
}

/** A Kafka topic together with the protobuf codec of its payload and how to find its key. */
export interface TopicDef<T> {
  readonly name: string;
  encode(message: T): Uint8Array;
  decode(bytes: Uint8Array): T;
  /** The aggregate id: same key → same partition → per-aggregate ordering. */
  keyOf(message: T): string;
  eventIdOf(message: T): string;
}

/** The shape of a ts-proto generated message object (`MessageFns<T>`). */
interface Codec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
}

function defineTopic<T extends EventEnvelope>(
  name: string,
  codec: Codec<T>,
  keyOf: (message: T) => string,
): TopicDef<T> {
  return {
    name,
    encode: (message) => codec.encode(message).finish(),
    decode: (bytes) => codec.decode(bytes),
    keyOf,
    eventIdOf: (message) => message.eventId,
  };
}

export const topics = {
  documentIngested: defineTopic('documents.ingested.v1', DocumentIngested, (m) => m.documentId),
  documentUpdated: defineTopic('documents.updated.v1', DocumentUpdated, (m) => m.documentId),
  documentDeleted: defineTopic('documents.deleted.v1', DocumentDeleted, (m) => m.documentId),
  releasePublished: defineTopic('catalog.release-published.v1', ReleasePublished, (m) => m.dataProductId),
  queryCompleted: defineTopic('queries.completed.v1', QueryCompleted, (m) => m.queryId),
  alertTriggered: defineTopic('alerts.triggered.v1', AlertTriggered, (m) => m.subscriptionId),
  exportCompleted: defineTopic('exports.completed.v1', ExportCompleted, (m) => m.exportId),
  processUpdated: defineTopic('processes.updated.v1', ProcessUpdated, (m) => m.processId),
} as const;

export type TopicName = (typeof topics)[keyof typeof topics]['name'];

/**
 * The documents' ingested and updated topics read as DocumentChangeRef: which document changed and
 * where, not what it says (the same field numbers; the text, entities and pages are skipped unread).
 * Not topics of their own: views of those two for listeners that need no more.
 */
export const documentChangeRefs = {
  ingested: defineTopic(topics.documentIngested.name, DocumentChangeRef, (m) => m.documentId),
  updated: defineTopic(topics.documentUpdated.name, DocumentChangeRef, (m) => m.documentId),
} as const;

/** Failed and undecodable messages of `topic` go here, untouched, with error headers. */
export function dlqTopicOf(topic: string): string {
  return `${topic}.dlq`;
}

/** For tests and tools that need a topic with a known codec under another name (unique per test). */
export function renameTopic<T>(def: TopicDef<T>, name: string): TopicDef<T> {
  return { ...def, name };
}

/**
 * The names of one deployment on a Kafka cluster it may share with others (KAFKA_NAMESPACE): every
 * topic and consumer group as `<namespace>.<name>`, so that neither reads what the other publishes nor
 * joins the other's groups. The empty namespace keeps the plain names.
 */
export interface KafkaNamespace {
  readonly prefix: string;
  topic<T>(def: TopicDef<T>): TopicDef<T>;
  /** Each topic of a set (e.g. a service's document topics), under the namespace. */
  topics<S extends { [K in keyof S]: TopicDef<unknown> }>(set: S): S;
  group(groupId: string): string;
}

export function kafkaNamespace(prefix: string): KafkaNamespace {
  const named = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const topic = <T>(def: TopicDef<T>): TopicDef<T> => (prefix ? renameTopic(def, named(def.name)) : def);
  return {
    prefix,
    topic,
    topics: <S extends { [K in keyof S]: TopicDef<unknown> }>(set: S): S =>
      Object.fromEntries(Object.entries<TopicDef<unknown>>(set).map(([key, def]) => [key, topic(def)])) as S,
    group: named,
  };
}
