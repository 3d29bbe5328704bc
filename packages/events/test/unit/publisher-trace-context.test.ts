import { context, propagation, trace, type SpanContext } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { Kafka, ProducerRecord } from 'kafkajs';
import { EventPublisher } from '../../src/publisher';
import { testLogger } from '../support/infra';

/**
 * The kafkajs instrumentation starts its `send` span in the context active when producer.send is
 * called and rewrites `traceparent` with that span. An outbox relay publishes long after the request:
 * the send must run in the request's context (taken from the stored traceparent), not the relay's.
 */
describe('EventPublisher trace context', () => {
  const contextManager = new AsyncLocalStorageContextManager();
  const sent: Array<{ record: ProducerRecord; active: SpanContext | undefined }> = [];
  const fakeKafka = {
    producer: () => ({
      connect: async () => undefined,
      disconnect: async () => undefined,
      send: async (record: ProducerRecord) => {
        sent.push({ record, active: trace.getSpanContext(context.active()) });
        return [];
      },
    }),
  } as unknown as Kafka;

  beforeAll(() => {
    context.setGlobalContextManager(contextManager.enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new BasicTracerProvider());
  });
  afterAll(() => {
    contextManager.disable();
    context.disable();
    propagation.disable();
    trace.disable();
  });
  beforeEach(() => void sent.splice(0));

  it('sends an outbox event inside the trace of the request that created it', async () => {
    const publisher = new EventPublisher(fakeKafka, testLogger);
    const origin = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    // The relay's own poll runs in some other trace.
    const relaySpan = trace.getTracer('test').startSpan('relay pass');
    await context.with(trace.setSpan(context.active(), relaySpan), () =>
      publisher.publishRaw({
        topic: 't',
        key: 'k',
        eventId: 'e1',
        payload: new Uint8Array([1]),
        headers: { traceparent: origin },
      }),
    );
    relaySpan.end();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.active).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' });
    expect(sent[0]!.record.messages[0]!.headers?.traceparent).toBe(origin);
  });

  it('sends a direct publish in the active context', async () => {
    const publisher = new EventPublisher(fakeKafka, testLogger);
    const span = trace.getTracer('test').startSpan('request');
    await context.with(trace.setSpan(context.active(), span), () =>
      publisher.publishRaw({ topic: 't', key: 'k', eventId: 'e2', payload: new Uint8Array([1]) }),
    );
    span.end();
    expect(sent[0]!.active?.traceId).toBe(span.spanContext().traceId);
    expect(sent[0]!.record.messages[0]!.headers?.traceparent).toContain(span.spanContext().traceId);
  });
});
