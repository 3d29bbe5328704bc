import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { inJobTrace, jobTrace } from '../../src/job-trace';

/** A BullMQ job carries the trace of the request that queued it, and its worker runs inside it. */
describe('job trace', () => {
  const contextManager = new AsyncLocalStorageContextManager();
  const exporter = new InMemorySpanExporter();

  beforeAll(() => {
    context.setGlobalContextManager(contextManager.enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  });
  afterAll(() => {
    context.disable();
    propagation.disable();
    trace.disable();
  });

  it('runs the job in a span whose parent is the request that queued it', async () => {
    const request = trace.getTracer('test').startSpan('POST /api/admin/reindex');
    const data = context.with(trace.setSpan(context.active(), request), () => ({ processId: 'p1', ...jobTrace() }));
    request.end();
    expect(data.traceparent).toContain(request.spanContext().traceId);

    // Later, in the worker, outside any request.
    let inside: string | undefined;
    const result = await inJobTrace('query-engine.reindex', { id: 'p1', data }, async () => {
      inside = trace.getActiveSpan()?.spanContext().traceId;
      return 42;
    });
    expect(result).toBe(42);
    expect(inside).toBe(request.spanContext().traceId);
    const span = exporter.getFinishedSpans().find((s) => s.name === 'query-engine.reindex process')!;
    expect(span.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  });

  it('without a queued trace, starts one of its own and records a failure', async () => {
    expect(jobTrace()).toEqual({});
    await expect(
      inJobTrace('documents.import', { data: {} }, async () => {
        throw new Error('disk gone');
      }),
    ).rejects.toThrow('disk gone');
    const span = exporter.getFinishedSpans().find((s) => s.name === 'documents.import process')!;
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.status).toMatchObject({ code: 2, message: 'disk gone' });
  });
});
