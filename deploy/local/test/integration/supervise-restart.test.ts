import {
  freePort,
  httpOk,
  pollUntil,
  probeRedis,
  spawnManaged,
  startInfra,
  Supervisor,
  type ManagedProcess,
} from '@docket/local-infra';

// The launcher's supervision with real processes: a child killed with SIGKILL comes back healthy.
describe('launcher supervision: a killed child is restarted and healthy again', () => {
  const policy = { initialDelayMs: 200, maxDelayMs: 1000, maxCrashes: 3, windowMs: 60_000 };

  it('restarts a SIGKILLed HTTP server after its back-off and waits for its health check', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/healthz`;
    // A tiny server standing in for a service: answers its health check once it listens.
    const server = `require('http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
    const launched: ManagedProcess[] = [];
    const launch = async (): Promise<ManagedProcess> => {
      const child = spawnManaged({ name: 'tiny', command: process.execPath, args: ['-e', server] });
      launched.push(child);
      await pollUntil(() => httpOk(url), {
        timeoutMs: 20_000,
        intervalMs: 50,
        description: 'tiny server',
        abortIf: () => (child.isRunning() ? undefined : 'exited'),
      });
      return child;
    };
    const lines: string[] = [];
    const supervisor = new Supervisor({
      policy,
      log: (line) => lines.push(line),
      onGiveUp: () => lines.push('gave up'),
    });
    const first = await launch();
    supervisor.watch({ name: 'tiny', kind: 'service', process: first, restart: launch });
    try {
      process.kill(first.pid, 'SIGKILL');
      await first.exited;
      const back = await pollUntil(
        async () => supervisor.status().parts.find((p) => p.state === 'up' && p.restarts === 1),
        {
          timeoutMs: 20_000,
          intervalMs: 50,
          description: 'tiny to be restarted',
        },
      );
      expect(back).toMatchObject({ restarts: 1, crashes: [{ signal: 'SIGKILL', code: null }] });
      expect(back.pid).not.toBe(first.pid);
      expect(await httpOk(url)).toBe(true);
      expect(lines[0]).toMatch(/^tiny exited \(SIGKILL\); restarting in 0\.2 s/);
      expect(lines[1]).toMatch(/^tiny is back \(healthy .* after it exited; restart 1\)$/);
    } finally {
      await supervisor.stop();
      await Promise.all(launched.map((child) => child.stop()));
    }
  });

  it('restarts a SIGKILLed Redis the launcher started, on the same port', async () => {
    const infra = await startInfra({
      profile: 'test',
      // Only Redis is started here (it starts in milliseconds); the others are named as given.
      env: { ...process.env, REDIS_URL: '', MONGO_URL: 'mongodb://127.0.0.1:1', KAFKA_BROKERS: '127.0.0.1:1' },
      log: () => undefined,
    });
    const supervisor = new Supervisor({ policy, log: () => undefined, onGiveUp: () => undefined });
    const { hostname, port } = new URL(infra.redisUrl);
    try {
      const [redis] = infra.processes;
      supervisor.watch({
        name: 'redis',
        kind: 'infrastructure',
        process: redis!,
        restart: () => infra.restart('redis'),
      });
      process.kill(redis!.pid, 'SIGKILL');
      await pollUntil(async () => supervisor.status().parts[0]?.restarts === 1, {
        timeoutMs: 20_000,
        intervalMs: 50,
        description: 'redis restarted',
      });
      expect(await probeRedis(hostname, Number(port))).toBe(true);
      expect(infra.processes[0]!.pid).not.toBe(redis!.pid);
    } finally {
      await supervisor.stop();
      await infra.stop();
    }
    // stop() stopped the restarted server, not only the first one.
    expect(await probeRedis(hostname, Number(port))).toBe(false);
  });
});
