import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as ZipkinExport from '@opentelemetry/exporter-zipkin';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import type * as ExpressInstrumentations from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import type * as IORedisInstrumentations from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import type * as MongooseInstrumentations from '@opentelemetry/instrumentation-mongoose';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, BatchSpanProcessor, type Sampler, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type * as SentryNode from '@sentry/node';
import type * as SentryOpenTelemetry from '@sentry/opentelemetry';

/**
 * The tracer provider and instrumentations, set up by hand rather than by @opentelemetry/sdk-node:
 * that SDK also loads the metrics and logs SDKs and every OTLP exporter variant (~17 MB of resident
 * memory in each service) for signals nobody exports here.
 */
let provider: NodeTracerProvider | undefined;
let unregisterInstrumentations: (() => void) | undefined;
/** Loaded only with SENTRY_DSN: the SDK alone is ~17 MB of every service's resident memory. */
let sentry: typeof SentryNode | undefined;

// What is not used in a process is not loaded: exporters without their variable, Sentry without a
// DSN, the recording-only instrumentations without recording (each module costs memory in all five).
/* eslint-disable @typescript-eslint/no-require-imports */
const load = {
  otlpHttp: () => require('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp,
  zipkin: () => require('@opentelemetry/exporter-zipkin') as typeof ZipkinExport,
  sentry: () => require('@sentry/node') as typeof SentryNode,
  sentryOpenTelemetry: () => require('@sentry/opentelemetry') as typeof SentryOpenTelemetry,
  express: () => require('@opentelemetry/instrumentation-express') as typeof ExpressInstrumentations,
  mongoose: () => require('@opentelemetry/instrumentation-mongoose') as typeof MongooseInstrumentations,
  ioredis: () => require('@opentelemetry/instrumentation-ioredis') as typeof IORedisInstrumentations,
};
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * Starts OpenTelemetry (http, express, grpc, kafkajs, mongoose, ioredis), exporting spans over OTLP/HTTP
 * (OTEL_EXPORTER_OTLP_ENDPOINT) and/or to Zipkin (OTEL_EXPORTER_ZIPKIN_ENDPOINT), and, when SENTRY_DSN is set,
 * Sentry on the same tracer provider. Must run before the instrumented libraries are first required,
 * so each service imports its `instrument.ts` as the very first line of main.ts.
 */
export function initTelemetry(options: { serviceName: string; env?: NodeJS.ProcessEnv }): void {
  if (provider) return;
  const env = options.env ?? process.env;
  const spanProcessors: SpanProcessor[] = [];
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    spanProcessors.push(
      new BatchSpanProcessor(
        new (load.otlpHttp().OTLPTraceExporter)({ url: `${env.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces` }),
      ),
    );
  }
  // A Zipkin server (npm start runs one, see deploy/local/src/zipkin.ts) or anything that accepts
  // Zipkin v2 JSON; the variable is the full spans URL, e.g. http://127.0.0.1:9411/api/v2/spans.
  if (env.OTEL_EXPORTER_ZIPKIN_ENDPOINT) {
    spanProcessors.push(
      new BatchSpanProcessor(
        new (load.zipkin().ZipkinExporter)({
          url: env.OTEL_EXPORTER_ZIPKIN_ENDPOINT,
          serviceName: options.serviceName,
        }),
        {
          scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY ?? '1000'),
        },
      ),
    );
  }

  sentry = env.SENTRY_DSN ? load.sentry() : undefined;
  const sentryOtel = sentry ? load.sentryOpenTelemetry() : undefined;
  const sentryClient = sentry?.init({
    dsn: env.SENTRY_DSN,
    environment: env.NODE_ENV ?? 'development',
    tracesSampleRate: Number(env.SENTRY_TRACES_SAMPLE_RATE ?? '0.1'),
    skipOpenTelemetrySetup: true, // we own the provider; Sentry plugs into it below
  });
  if (sentryOtel) spanProcessors.push(new sentryOtel.SentrySpanProcessor());
  const exporting = spanProcessors.length > 0;
  // Nobody to export to: record no span (unless OTEL_TRACES_SAMPLER says otherwise). Spans still get
  // ids, so logs carry trace ids and traceparent still reaches the next service; only the work of
  // recording every span (attributes, timings, events) to then drop it is saved on each request.
  // Otherwise the provider reads OTEL_TRACES_SAMPLER itself (default: parent-based, always on).
  let sampler: Sampler | undefined;
  if (sentryOtel && sentryClient) sampler = new sentryOtel.SentrySampler(sentryClient);
  else if (!exporting && !env.OTEL_TRACES_SAMPLER) sampler = new AlwaysOffSampler();

  provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (e.g. set by a cluster) and the service's name.
    resource: detectResources({ detectors: [envDetector] }).merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    ),
    spanProcessors,
    ...(sampler ? { sampler } : {}),
  });
  // Without arguments: W3C trace context and baggage, context kept in AsyncLocalStorage.
  provider.register(
    sentry && sentryOtel
      ? { propagator: new sentryOtel.SentryPropagator(), contextManager: new sentry.SentryContextManager() }
      : {},
  );
  unregisterInstrumentations = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: instrumentationsFor({ recording: exporting || Boolean(env.OTEL_TRACES_SAMPLER) }),
  });
  if (sentryClient) sentry?.validateOpenTelemetrySetup();
}

/** Probes answered many times a minute (launcher, Kubernetes): no trace is worth starting for them. */
const PROBE_PATHS = new Set(['/healthz', '/livez']);

/**
 * HTTP, gRPC and Kafka carry a trace from one process to the next (traceparent), so trace ids reach
 * the logs and the next service even when no span is recorded. Express layers, MongoDB and Redis calls
 * only add spans of their own: without recording they were pure cost on every request (in a
 * document-page profile the express instrumentation alone wrapped every middleware and route
 * layer), so they are patched in only when spans are recorded.
 */
export function instrumentationsFor(options: { recording: boolean }): Instrumentation[] {
  const propagating: Instrumentation[] = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => PROBE_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
    }),
    new GrpcInstrumentation(),
    new KafkaJsInstrumentation(),
  ];
  if (!options.recording) return propagating;
  return [
    ...propagating,
    new (load.express().ExpressInstrumentation)(),
    new (load.mongoose().MongooseInstrumentation)(),
    new (load.ioredis().IORedisInstrumentation)(),
  ];
}

/** Flushes spans and Sentry events; called during graceful shutdown. */
export async function shutdownTelemetry(timeoutMs = 2000): Promise<void> {
  const flush = Promise.allSettled([provider?.shutdown(), sentry?.close(timeoutMs)]);
  await Promise.race([flush, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  unregisterInstrumentations?.();
  provider = undefined;
}

/** Reports an unexpected error to Sentry (no-op without a DSN). */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  sentry?.captureException(error, context ? { extra: context } : undefined);
}
