import { z } from 'zod';

/** Env vars shared by every service; each service extends this with its own. */
export const commonEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SENTRY_DSN: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** Zipkin v2 spans URL (http://host:9411/api/v2/spans); npm start sets it to its own Zipkin. */
  OTEL_EXPORTER_ZIPKIN_ENDPOINT: z.string().url().optional(),
};

export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

export const mongoEnv = { MONGO_URL: z.string().startsWith('mongodb', 'must be a mongodb:// URL') };
export const kafkaEnv = {
  KAFKA_BROKERS: z
    .string()
    .min(1, 'must list at least one host:port')
    .transform((s) => s.split(',').map((b) => b.trim())),
  /**
   * A prefix for every topic and consumer group this process uses (`<namespace>.documents.ingested.v1`),
   * so that several environments (or test suites) can share one Kafka cluster. Empty: the plain names.
   */
  KAFKA_NAMESPACE: z
    .string()
    .max(100)
    .regex(/^([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)?$/, "must be letters, digits, '-' and '_', in parts joined by '.'")
    .default(''),
  /**
   * Partitions of each topic this process creates (existing topics are left as they are): the most
   * instances of a consumer group that share its work. The deployed cluster's topics are declared in
   * infra/kafka-topics.yaml instead.
   */
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(64).default(3),
};
export const redisEnv = { REDIS_URL: z.string().startsWith('redis', 'must be a redis:// URL') };

/** host:port of another service's gRPC endpoint. */
export const grpcTarget = (fallback: string) =>
  z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must be host:port')
    .default(fallback);
