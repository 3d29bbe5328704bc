import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';

interface HealthClient extends grpc.Client {
  Check(
    request: { service: string },
    options: grpc.CallOptions,
    callback: (err: grpc.ServiceError | null, reply?: { status: string | number }) => void,
  ): grpc.ClientUnaryCall;
}

const HealthClientCtor = grpc.makeGenericClientConstructor(
  healthService as unknown as grpc.ServiceDefinition,
  'Health',
) as unknown as new (target: string, credentials: grpc.ChannelCredentials) => HealthClient;

/**
 * grpc.health.v1.Health/Check for the overall status ('') of the server at target (host:port); a
 * server with mutual TLS needs `credentials` holding a certificate from its CA.
 */
export function grpcServing(
  target: string,
  timeoutMs = 1000,
  credentials: grpc.ChannelCredentials = grpc.credentials.createInsecure(),
): Promise<boolean> {
  const client = new HealthClientCtor(target, credentials);
  return new Promise<boolean>((resolve) => {
    client.Check({ service: '' }, { deadline: Date.now() + timeoutMs }, (err, reply) => {
      resolve(!err && (reply?.status === 'SERVING' || reply?.status === 1));
    });
  }).finally(() => client.close());
}

/** GET url; true when the response status passes `accept` (default: 2xx). */
export async function httpOk(
  url: string,
  accept: (status: number) => boolean = (s) => s >= 200 && s < 300,
  timeoutMs = 5000,
): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return accept(response.status);
  } catch {
    return false;
  }
}
