import { freePort, grpcServing, httpOk, isPortOpen, pollUntil, spawnManaged } from '@docket/local-infra';

/**
 * What deploy/k8s's probes rely on: the gRPC health service and the HTTP /livez and /healthz are
 * answered by the process's own event loop, so a blocked loop fails them within the probe's timeout,
 * while a TCP-port probe still passes (the kernel accepts connections for a hung process).
 */
describe('health checks of a process whose event loop is blocked', () => {
  it('time out over gRPC and HTTP, while the TCP port still accepts connections', async () => {
    const [grpcPort, httpPort] = [await freePort(), await freePort()];
    // The services' setup in small: grpc-health-check on a grpc-js server, a plain HTTP health route.
    // On SIGUSR2 the loop spins for 8 s, as a runaway synchronous query would.
    const script = `
      const grpc = require('@grpc/grpc-js');
      const { HealthImplementation } = require('grpc-health-check');
      const server = new grpc.Server();
      new HealthImplementation({ '': 'SERVING' }).addToServer(server);
      server.bindAsync('127.0.0.1:${grpcPort}', grpc.ServerCredentials.createInsecure(), () => {});
      require('http').createServer((q, s) => s.end('ok')).listen(${httpPort}, '127.0.0.1');
      process.on('SIGUSR2', () => { const end = Date.now() + 8000; while (Date.now() < end); });
      setInterval(() => {}, 1000);
    `;
    const child = spawnManaged({ name: 'hung-loop', command: process.execPath, args: ['-e', script] });
    try {
      await pollUntil(
        async () => (await grpcServing(`127.0.0.1:${grpcPort}`)) && httpOk(`http://127.0.0.1:${httpPort}/livez`),
        {
          timeoutMs: 20_000,
          intervalMs: 100,
          description: 'the probe target to serve',
        },
      );
      process.kill(child.pid, 'SIGUSR2');
      // Give the signal a moment to reach the loop: the first probe after it must already fail.
      await pollUntil(async () => !(await httpOk(`http://127.0.0.1:${httpPort}/livez`, undefined, 1000)), {
        timeoutMs: 5000,
        intervalMs: 50,
        description: 'the loop to block',
      });
      const [grpc, http, tcp] = await Promise.all([
        grpcServing(`127.0.0.1:${grpcPort}`, 1000),
        httpOk(`http://127.0.0.1:${httpPort}/livez`, undefined, 1000),
        isPortOpen('127.0.0.1', grpcPort, 1000),
      ]);
      expect({ grpc, http, tcp }).toEqual({ grpc: false, http: false, tcp: true });
    } finally {
      await child.stop({ timeoutMs: 2000 });
    }
  });
});
