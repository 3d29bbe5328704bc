import { context } from '@opentelemetry/api';
import { Partitioners, type IHeaders, type Kafka, type Producer } from 'kafkajs';
import type { Logger } from '@docket/observability';
import type { TopicDef } from './topics';
import { contextFromHeaders, traceHeaders } from './trace-headers';

export const CONTENT_TYPE = 'application/x-protobuf';

/** An already-encoded event, e.g. taken from an outbox. */
export interface RawEvent {
  topic: string;
  key: string;
  eventId: string;
  payload: Uint8Array;
  /** Extra headers; a `traceparent` here (captured when the event was created) wins over the active one. */
  headers?: IHeaders;
}

/**
 * Publishes protobuf events with the aggregate id as key and trace context + event id in headers.
 * Idempotent producer with acks=all: a retried send is not duplicated by the broker.
 */
export class EventPublisher {
  private readonly producer: Producer;
  private connected = false;
  /** Sends go out one at a time (see send). */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    kafka: Kafka,
    private readonly logger: Logger,
  ) {
    this.producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1, // kafkajs keeps per-partition order under retries only with one in flight
      createPartitioner: Partitioners.DefaultPartitioner, // Java-compatible murmur2 partitioning
    });
  }

  async connect(): Promise<void> {
    if (this.connected) return;
    await this.producer.connect();
    this.connected = true;
  }

  async publish<T>(def: TopicDef<T>, message: T): Promise<void> {
    await this.publishRaw({
      topic: def.name,
      key: def.keyOf(message),
      eventId: def.eventIdOf(message),
      payload: def.encode(message),
    });
  }

  async publishRaw(event: RawEvent): Promise<void> {
    const record = {
      topic: event.topic,
      acks: -1,
      messages: [
        {
          key: event.key,
          value: Buffer.from(event.payload),
          headers: { ...traceHeaders(), ...event.headers, event_id: event.eventId, 'content-type': CONTENT_TYPE },
        },
      ],
    };
    // An event from an outbox carries the trace context of the request that created it: send it in
    // that context, so the kafkajs instrumentation's `send` span (which rewrites `traceparent` with
    // its own) is a child of that request, not of the relay's poll, and the consumers join its trace.
    const origin = event.headers?.traceparent ? contextFromHeaders(event.headers) : context.active();
    await context.with(origin, () => this.send(record));
    this.logger.debug({ topic: event.topic, key: event.key, eventId: event.eventId }, 'event published');
  }

  /**
   * Many events in one request (per topic, in the order given, so each key's events keep their order):
   * far cheaper than one acknowledged send each when an outbox has many waiting.
   */
  async publishRawMany(events: RawEvent[]): Promise<void> {
    if (events.length === 0) return;
    const byTopic = new Map<string, Array<{ key: string; value: Buffer; headers: IHeaders }>>();
    for (const event of events) {
      const messages = byTopic.get(event.topic) ?? [];
      messages.push({
        key: event.key,
        value: Buffer.from(event.payload),
        headers: { ...traceHeaders(), ...event.headers, event_id: event.eventId, 'content-type': CONTENT_TYPE },
      });
      byTopic.set(event.topic, messages);
    }
    const batch = { acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) };
    const sent = this.sending.then(() => this.producer.sendBatch(batch));
    this.sending = sent.catch(() => undefined);
    await sent;
    this.logger.debug({ events: events.length }, 'events published');
  }

  /** Sends a message exactly as given (headers untouched); used for dead-lettering. */
  async sendAsIs(
    topic: string,
    message: { key: Buffer | string | null; value: Buffer | null; headers: IHeaders },
  ): Promise<void> {
    await this.send({ topic, acks: -1, messages: [message] });
  }

  /**
   * kafkajs's idempotent producer numbers the messages of a partition as it sends them; two sends
   * in flight at once (two outbox relays, a relay and a job) can reach the broker out of order, which
   * it refuses ("out of order sequence number"). One send at a time keeps the numbering in order.
   */
  private send(record: Parameters<Producer['send']>[0]): Promise<unknown> {
    const sent = this.sending.then(() => this.producer.send(record));
    this.sending = sent.catch(() => undefined);
    return sent;
  }

  async disconnect(): Promise<void> {
    if (!this.connected) return;
    this.connected = false;
    await this.producer.disconnect();
  }
}
