import { Server, ServerCredentials, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from '@docket/observability';

export interface GrpcServiceBinding {
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
}

export interface RunningGrpcServer {
  port: number;
  server: Server;
  /** Flips the standard health service (overall and per service) between SERVING and NOT_SERVING. */
  setServing(serving: boolean): void;
  /** Stops accepting calls, lets in-flight calls finish (up to `graceMs`), then forces close. */
  shutdown(graceMs?: number): Promise<void>;
}

/** Starts a gRPC server with the given services plus the standard `grpc.health.v1.Health` service. */
export async function startGrpcServer(options: {
  port: number;
  host?: string;
  services: GrpcServiceBinding[];
  logger: Logger;
}): Promise<RunningGrpcServer> {
  const server = new Server({ 'grpc.max_receive_message_length': 16 * 1024 * 1024 });
  const serviceNames = options.services.map((s) => serviceNameOf(s.definition));
  const health = new HealthImplementation(Object.fromEntries(['', ...serviceNames].map((name) => [name, 'NOT_SERVING' as const])));
  health.addToServer(server);
  for (const binding of options.services) server.addService(binding.definition, binding.implementation);

  const address = `${options.host ?? '0.0.0.0'}:${options.port}`;
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, ServerCredentials.createInsecure(), (error, boundPort) => (error ? reject(error) : resolve(boundPort))),
  );
  options.logger.info({ port, services: serviceNames }, 'gRPC server listening');

  const setServing = (serving: boolean) => {
    for (const name of ['', ...serviceNames]) health.setStatus(name, serving ? 'SERVING' : 'NOT_SERVING');
  };
  setServing(true);

  return {
    port,
    server,
    setServing,
    shutdown: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        setServing(false);
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

/** The fully-qualified service name (e.g. research.documents.v1.DocumentsService) from any method path. */
function serviceNameOf(definition: ServiceDefinition): string {
  const firstMethod = Object.values(definition)[0];
  return firstMethod ? firstMethod.path.split('/')[1] ?? '' : '';
}
