import { z } from '@docket/config';
import { checkAllowList, checkPortList } from './address-policy';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The alerts service's webhook settings (spread into its config schema). */
export const webhookEnv = {
  WEBHOOK_ENDPOINTS_MAX_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Let endpoints resolve to loopback, private, link-local… addresses (a closed network, development). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: flag.default(false),
  /** Comma-separated addresses or CIDR ranges allowed even though private (e.g. 127.0.0.1/32 for tests). */
  WEBHOOK_ALLOWED_ADDRESSES: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => checkAllowList(entries).length === 0, {
      message: 'every entry must be an IP address or CIDR range (10.0.0.0/8)',
    }),
  /** Comma-separated ports endpoints may use besides 80 and 443 (e.g. 8443); every other port is refused. */
  WEBHOOK_ALLOWED_PORTS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => checkPortList(entries).length === 0, {
      error: (issue) => {
        const bad = checkPortList(issue.input as string[]);
        return `every entry must be a port number from 1 to 65535, not ${bad.join(', ')}`;
      },
    })
    .transform((entries) => entries.map(Number)),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Messages in a row that fail all their retries before the endpoint is disabled. */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(3),
};
