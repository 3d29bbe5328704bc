import { accessSync, constants, statSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** An address to listen on: an IP address (`0.0.0.0` and `::` mean every interface) or a host name. */
export const listenHost = (fallback: string) =>
  z
    .string()
    .refine(
      (host) => isIP(host) !== 0 || HOST_NAME.test(host),
      'must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name',
    )
    .default(fallback);

const readableFile = z.string().refine((path) => {
  try {
    accessSync(path, constants.R_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}, 'must name a readable file');

/**
 * Mutual TLS for gRPC, the same three files for a service's server and for its clients: the CA that
 * signed every service's certificate (peers are checked against it), and this process's own
 * certificate and key (PEM). cert-manager's Secrets hold them as ca.crt, tls.crt and tls.key; `npm start`
 * makes them under .data/tls. Unset, gRPC runs in plaintext, which only loopback may do (grpcTlsIssues).
 */
export const grpcTlsEnv = {
  GRPC_TLS_CA: readableFile.optional(),
  GRPC_TLS_CERT: readableFile.optional(),
  GRPC_TLS_KEY: readableFile.optional(),
};

/** A service's gRPC listener: loopback unless told otherwise; a non-loopback address needs GRPC_TLS_*. */
export const grpcServerEnv = {
  GRPC_HOST: listenHost('127.0.0.1'),
  /**
   * A second, plaintext port that answers only grpc.health.v1 (on GRPC_HOST), for probes that cannot
   * present a client certificate (Kubernetes' grpc probes). Unset: no such port.
   */
  GRPC_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ...grpcTlsEnv,
};

export interface GrpcTlsSettings {
  GRPC_TLS_CA?: string | undefined;
  GRPC_TLS_CERT?: string | undefined;
  GRPC_TLS_KEY?: string | undefined;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 (IPv4-mapped forms too), localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a host:port gRPC target. */
function hostOf(target: string): string {
  return target.slice(0, target.lastIndexOf(':'));
}

/**
 * What is wrong with a process's gRPC TLS settings: the three files come together or not at all, and
 * plaintext is for loopback only, both for the address a server listens on (`listen`) and for the
 * services a client calls (`targets`, by variable name).
 */
export function grpcTlsIssues(
  env: GrpcTlsSettings,
  scope: { listen?: string | undefined; targets?: Record<string, string | undefined> },
): Array<{ path: string[]; message: string }> {
  const files = ['GRPC_TLS_CA', 'GRPC_TLS_CERT', 'GRPC_TLS_KEY'] as const;
  const given = files.filter((name) => env[name] !== undefined);
  if (given.length > 0 && given.length < files.length) {
    return files
      .filter((name) => env[name] === undefined)
      .map((name) => ({
        path: [name],
        message: `is required with ${given.join(' and ')} (mutual TLS needs the CA, a certificate and its key)`,
      }));
  }
  if (given.length === files.length) return [];
  const issues: Array<{ path: string[]; message: string }> = [];
  if (scope.listen !== undefined && !isLoopbackHost(scope.listen)) {
    issues.push({
      path: ['GRPC_HOST'],
      message:
        `${scope.listen} listens beyond this machine, which needs mutual TLS: ` +
        `set GRPC_TLS_CA, GRPC_TLS_CERT and GRPC_TLS_KEY (or listen on 127.0.0.1)`,
    });
  }
  for (const [name, target] of Object.entries(scope.targets ?? {})) {
    if (target === undefined || isLoopbackHost(hostOf(target))) continue;
    issues.push({
      path: [name],
      message:
        `${target} is not on this machine, which needs mutual TLS: ` +
        `set GRPC_TLS_CA, GRPC_TLS_CERT and GRPC_TLS_KEY`,
    });
  }
  return issues;
}

/** grpcTlsIssues as a zod superRefine step: `.superRefine(checkGrpcTls((env) => ({ listen: env.GRPC_HOST })))`. */
export function checkGrpcTls<E extends GrpcTlsSettings>(scope: (env: E) => Parameters<typeof grpcTlsIssues>[1]) {
  return (env: E, ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }): void => {
    for (const issue of grpcTlsIssues(env, scope(env))) ctx.addIssue({ code: 'custom', ...issue });
  };
}
