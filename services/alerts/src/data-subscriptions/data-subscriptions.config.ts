import { grpcTarget, z } from '@docket/config';

/** The alerts service's data-subscription settings (spread into its config schema). */
export const dataSubscriptionEnv = {
  /** The documents service (host:port): data products, and a release's changes over a subscriber's rows. */
  DOCUMENTS_GRPC: grpcTarget('127.0.0.1:50051'),
  /** Data products one user may follow. */
  DATA_SUBSCRIPTIONS_MAX_PER_USER: z.coerce.number().int().min(1).default(200),
};
