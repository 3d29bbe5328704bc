import { checkGrpcTls, commonEnv, grpcServerEnv, kafkaEnv, mongoEnv, port, redisEnv, z } from '@docket/config';
import { dataSubscriptionEnv } from './data-subscriptions/data-subscriptions.config';
import { deliveryEnv } from './delivery/delivery.config';
import { webhookEnv } from './webhooks/webhook.config';

export const configSchema = z
  .object({
    ...commonEnv,
    ...mongoEnv,
    ...kafkaEnv,
    GRPC_PORT: port(50053),
    ...grpcServerEnv,
    MONGO_DB: z.string().min(1).default('alerts'),
    ...redisEnv,
    /** Alerts and docket follows one user may keep. */
    ALERTS_MAX_PER_USER: z.coerce.number().int().min(1).default(100),
    /** How often the percolation index reads alerts other processes changed (ms). */
    ALERTS_INDEX_REFRESH_MS: z.coerce.number().int().min(100).default(3_000),
    /** Prefix of the Redis pub/sub channels that carry notification changes to every alerts process's watchers. */
    ALERTS_PUBSUB_PREFIX: z.string().min(1).default('alerts'),
    /**
     * How often the hits' outbox is swept for events a crash left unpublished (ms): the percolator
     * publishes the hits it writes at once, and a failed publish is tried again within a second. A
     * sweep reads every hit on the MongoDB stand-in (no partial index there): once a second, at
     * 40,000 hits, it kept the stand-in a third of a core busy and its heap from ever shrinking.
     */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(10).default(600_000),
    ...webhookEnv,
    ...deliveryEnv,
    ...dataSubscriptionEnv,
  })
  .superRefine(
    checkGrpcTls((env) => ({
      listen: env.GRPC_HOST,
      targets: { QUERY_ENGINE_GRPC: env.QUERY_ENGINE_GRPC, DOCUMENTS_GRPC: env.DOCUMENTS_GRPC },
    })),
  );

export type Config = z.infer<typeof configSchema>;
