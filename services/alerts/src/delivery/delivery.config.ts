import { z } from '@docket/config';

/** The alerts service's delivery settings (spread into its config schema). */
export const deliveryEnv = {
  /** The app's public address: links in e-mails and webhook payloads, the unsubscribe URL. */
  PUBLIC_APP_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/u, '')),
  /** smtp://user:pass@host:port (smtps:// for implicit TLS). Unset: e-mail deliveries fail, saying so. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//u, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('"Docket Research" <alerts@docket-research.local>'),
  /** Signs unsubscribe links (HMAC-SHA256); set it in production, or old links stop working on a change. */
  UNSUBSCRIBE_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('docket-research-development-unsubscribe-secret'),
  /** The volume guard: more real-time messages than this in an hour fold the alert into an hourly digest. */
  ALERTS_REALTIME_MAX_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Cron pattern (UTC) of the digest tick; each tick plans the digests whose hour has come.
   * `off`: no scheduled ticks (tests plan windows themselves).
   */
  ALERTS_DIGEST_CRON: z.string().min(1).default('0 * * * *'),
  /** A delivery job whose worker died is taken up again after this long (BullMQ lock). */
  ALERTS_DELIVERY_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  /** Pending deliveries untouched this long are queued again (a crash between record and queue). */
  ALERTS_DELIVERY_SWEEP_MS: z.coerce.number().int().min(200).default(60_000),
  ALERTS_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** The query-engine (host:port) that answers alerts' questions in digests; unset: digests go without answers. */
  QUERY_ENGINE_GRPC: z
    .string()
    .regex(/^[\w.-]+:\d+$/u, 'must be host:port')
    .optional(),
  /** Hash-tagged so every key of the queues lands in one Redis Cluster slot. */
  ALERTS_QUEUE_PREFIX: z.string().min(1).default('{alerts}'),
};
