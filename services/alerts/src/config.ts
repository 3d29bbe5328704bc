import { commonEnv, kafkaEnv, mongoEnv, port, z } from '@docket/config';

export const configSchema = z.object({
  ...commonEnv,
  ...mongoEnv,
  ...kafkaEnv,
  GRPC_PORT: port(50053),
  MONGO_DB: z.string().min(1).default('alerts'),
});

export type Config = z.infer<typeof configSchema>;
