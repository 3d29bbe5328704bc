import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { contextFromHeaders, traceHeaders } from './trace-headers';

/** What a queued job carries so its worker joins the trace of the request that queued it. */
export interface JobTrace {
  traceparent?: string;
  tracestate?: string;
}

/** The active trace context, to put into a BullMQ job's data when it is queued. */
export function jobTrace(): JobTrace {
  const { traceparent, tracestate } = traceHeaders();
  return { ...(traceparent ? { traceparent } : {}), ...(tracestate ? { tracestate } : {}) };
}

const tracer = trace.getTracer('@docket/events');

/**
 * Runs a BullMQ job's work in a `<queue> process` span whose parent is the request that queued it
 * (from jobTrace() in its data), so the worker's spans (Kafka sends, database calls) join that trace.
 */
export function inJobTrace<T>(
  queue: string,
  job: { id?: string; data: JobTrace; attemptsMade?: number },
  work: () => Promise<T>,
): Promise<T> {
  const parent = job.data.traceparent
    ? contextFromHeaders({
        traceparent: job.data.traceparent,
        ...(job.data.tracestate ? { tracestate: job.data.tracestate } : {}),
      })
    : context.active();
  return tracer.startActiveSpan(
    `${queue} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.destination.name': queue,
        'messaging.message.id': job.id ?? '',
        'bullmq.job.attempts_made': job.attemptsMade ?? 0,
      },
    },
    parent,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
