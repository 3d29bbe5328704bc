import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import {
  commonEnv,
  grpcTarget,
  grpcTlsEnv,
  grpcTlsIssues,
  kafkaEnv,
  mongoEnv,
  port,
  redisEnv,
  z,
} from '@docket/config';
import { parseTrustProxy } from './http/trust-proxy';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const bffEnvSchema = z
  .object({
    ...commonEnv,
    ...mongoEnv,
    ...redisEnv,
    // The documents service's events, heard so the documents this BFF keeps stay true; without them
    // a document is kept 2 s at most (grpc/recent-document-views.ts).
    KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS.optional(),
    PORT: port(4000),
    HOST: z.string().default('127.0.0.1'),
    MONGO_DB: z.string().min(1).default('bff'),
    DOCUMENTS_GRPC: grpcTarget('127.0.0.1:50051'),
    QUERY_ENGINE_GRPC: grpcTarget('127.0.0.1:50052'),
    EXPORT_GRPC: grpcTarget('127.0.0.1:50054'),
    ALERTS_GRPC: grpcTarget('127.0.0.1:50053'),
    // The BFF's certificate for calling the services (mutual TLS); required when a service is on another machine.
    ...grpcTlsEnv,
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL_SECONDS: z.coerce.number().int().min(1).default(28_800),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    ORG_NAME: z.string().min(1).default('Docket Research'),
    COOKIE_SECURE: booleanFlag.optional(),
    // Whose X-Forwarded-For to believe (see http/trust-proxy.ts). Nobody by default: the operator
    // names the frontend (which overwrites the header with its socket's address) and any proxy.
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }),
    // Hard caps on one upload request; the documents service applies its own (lower) extraction limits.
    UPLOAD_MAX_FILE_MB: z.coerce.number().int().min(1).default(1024),
    UPLOAD_MAX_FILES: z.coerce.number().int().min(1).default(100),
    // Written by `npm start` (deploy/local/src/supervise/stack-status.ts); served to /catalog-status.
    STACK_STATUS_FILE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    const targets = {
      DOCUMENTS_GRPC: env.DOCUMENTS_GRPC,
      QUERY_ENGINE_GRPC: env.QUERY_ENGINE_GRPC,
      EXPORT_GRPC: env.EXPORT_GRPC,
      ALERTS_GRPC: env.ALERTS_GRPC,
    };
    for (const issue of grpcTlsIssues(env, { targets })) ctx.addIssue({ code: 'custom', ...issue });
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required when ADMIN_PASSWORD is set' });
    }
  })
  .transform(({ SESSION_SECRET, COOKIE_SECURE, ...env }) => ({
    ...env,
    SESSION_SECRET: SESSION_SECRET ?? devSessionSecret(),
    sessionSecretIsDevDefault: SESSION_SECRET === undefined,
    COOKIE_SECURE: COOKIE_SECURE ?? env.NODE_ENV === 'production',
  }));

export type BffConfig = z.infer<typeof bffEnvSchema>;

/**
 * Outside production a missing secret gets a stable per-machine default, so dev sessions survive a
 * restart; main.ts logs a warning when it is used.
 */
function devSessionSecret(): string {
  return createHash('sha256').update(`docket-research-dev-session-secret:${hostname()}:${process.cwd()}`).digest('hex');
}
