import { commonEnv, kafkaEnv, mongoEnv, port, z } from '@docket/config';

export const configSchema = z.object({
  ...commonEnv,
  ...mongoEnv,
  ...kafkaEnv,
  GRPC_PORT: port(50051),
  MONGO_DB: z.string().min(1).default('documents'),
  /** How often the outbox relay looks for events a crashed write left behind. */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
});

export type Config = z.infer<typeof configSchema>;
