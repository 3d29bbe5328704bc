import type { ApiRouter } from '../api-router';
import { HealthResponse, LivenessResponse } from '../schemas';

export interface ReadinessProbe {
  mongo(): Promise<void>;
  redis(): Promise<void>;
}

export function registerHealthRoutes(api: ApiRouter, probe: ReadinessProbe): void {
  // Liveness: answered by this event loop and nothing else, so a blocked loop fails it (Kubernetes
  // restarts the pod) but a MongoDB or Redis outage does not (restarting would not fix it).
  api.route(
    {
      method: 'get', path: '/livez', tag: 'health', access: 'public',
      summary: 'Liveness: the process answers (no dependency is checked)',
      responses: { 200: { description: 'Alive', schema: LivenessResponse } },
    },
    async (_input, _req, res) => {
      res.json({ status: 'ok' });
    },
  );
  api.route(
    {
      method: 'get', path: '/healthz', tag: 'health', access: 'public',
      summary: 'Liveness and readiness (MongoDB and Redis reachable)',
      responses: {
        200: { description: 'Ready', schema: HealthResponse },
        503: { description: 'A dependency is down', schema: HealthResponse },
      },
    },
    async (_input, _req, res) => {
      const [mongo, redis] = await Promise.all([check(probe.mongo), check(probe.redis)]);
      const ready = mongo === 'up' && redis === 'up';
      res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: { mongo, redis } });
    },
  );
}

async function check(probe: () => Promise<void>): Promise<'up' | 'down'> {
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
    return 'up';
  } catch {
    return 'down';
  }
}
