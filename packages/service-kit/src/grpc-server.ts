import { Server, ServerCredentials, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from '@docket/observability';
import { grpcServerCredentials, type GrpcTls } from './grpc-tls';

export interface GrpcServiceBinding {
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
}

export interface RunningGrpcServer {
  port: number;
  server: Server;
  /** The plaintext health-only port, when one was asked for. */
  healthPort?: number;
  /** Flips the standard health service (overall and per service) between SERVING and NOT_SERVING. */
  setServing(serving: boolean): void;
  /** Stops accepting calls, lets in-flight calls finish (up to `graceMs`), then forces close. */
  shutdown(graceMs?: number): Promise<void>;
}

/**
 * Starts a gRPC server with the given services plus the standard `grpc.health.v1.Health` service, on
 * loopback unless `host` says otherwise; with `tls`, every caller must present a certificate the CA
 * signed (mutual TLS). `healthPort` adds a plaintext port that answers only the health service.
 */
export async function startGrpcServer(options: {
  port: number;
  host?: string;
  tls?: GrpcTls | undefined;
  healthPort?: number | undefined;
  services: GrpcServiceBinding[];
  logger: Logger;
}): Promise<RunningGrpcServer> {
  const server = new Server({ 'grpc.max_receive_message_length': 16 * 1024 * 1024 });
  const serviceNames = options.services.map((s) => serviceNameOf(s.definition));
  const health = new HealthImplementation(
    Object.fromEntries(['', ...serviceNames].map((name) => [name, 'NOT_SERVING' as const])),
  );
  health.addToServer(server);
  for (const binding of options.services) server.addService(binding.definition, binding.implementation);

  const host = options.host ?? '127.0.0.1';
  const port = await bind(server, host, options.port, grpcServerCredentials(options.tls));
  // Health only: the state it reports is the main server's (the same HealthImplementation), answered
  // on this event loop, so a blocked loop fails the probe as it would on the main port.
  let healthServer: Server | undefined;
  let healthPort: number | undefined;
  if (options.healthPort !== undefined) {
    healthServer = new Server();
    health.addToServer(healthServer);
    healthPort = await bind(healthServer, host, options.healthPort, ServerCredentials.createInsecure()).catch(
      (error: unknown) => {
        server.forceShutdown();
        throw error;
      },
    );
  }
  options.logger.info(
    { host, port, healthPort, tls: options.tls !== undefined, services: serviceNames },
    'gRPC server listening',
  );

  const setServing = (serving: boolean) => {
    for (const name of ['', ...serviceNames]) health.setStatus(name, serving ? 'SERVING' : 'NOT_SERVING');
  };
  setServing(true);

  return {
    port,
    server,
    healthPort,
    setServing,
    shutdown: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        setServing(false);
        healthServer?.forceShutdown();
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

function bind(server: Server, host: string, port: number, credentials: ServerCredentials): Promise<number> {
  // An IPv6 address is written in brackets in a gRPC address (::1 → [::1]:50051).
  const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return new Promise<number>((resolve, reject) =>
    server.bindAsync(address, credentials, (error, boundPort) => (error ? reject(error) : resolve(boundPort))),
  );
}

/** The fully-qualified service name (e.g. research.documents.v1.DocumentsService) from any method path. */
function serviceNameOf(definition: ServiceDefinition): string {
  const firstMethod = Object.values(definition)[0];
  return firstMethod ? (firstMethod.path.split('/')[1] ?? '') : '';
}
