import { trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs, one line each, carrying the active trace and span ids so logs join traces. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const spanContext = trace.getActiveSpan()?.spanContext();
      return spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {};
    },
  });
}
