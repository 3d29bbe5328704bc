import type { ApiRouter } from '../http/api-router';
import { HealthResponse, LivenessResponse } from './admin.schemas';

export interface ReadinessProbe {
  mongo(): Promise<void>;
  redis(): Promise<void>;
}

type Readiness = { mongo: 'up' | 'down'; redis: 'up' | 'down' };

/**
 * How long one readiness answer is reused: a load balancer or a benchmark polling /healthz then
 * costs MongoDB and Redis one ping each per second, and callers arriving while a probe runs share it.
 */
const READINESS_REUSE_MS = 1_000;

export function registerHealthRoutes(api: ApiRouter, probe: ReadinessProbe): void {
  const readiness = reusedFor(READINESS_REUSE_MS, async (): Promise<Readiness> => {
    const [mongo, redis] = await Promise.all([check(probe.mongo), check(probe.redis)]);
    return { mongo, redis };
  });
  // Liveness: answered by this event loop and nothing else, so a blocked loop fails it (Kubernetes
  // restarts the pod) but a MongoDB or Redis outage does not (restarting would not fix it).
  api.route(
    {
      method: 'get',
      path: '/livez',
      tag: 'health',
      access: 'public',
      summary: 'Liveness: the process answers (no dependency is checked)',
      responses: { 200: { description: 'Alive', schema: LivenessResponse } },
    },
    async (_input, _req, res) => {
      res.json({ status: 'ok' });
    },
  );
  api.route(
    {
      method: 'get',
      path: '/healthz',
      tag: 'health',
      access: 'public',
      summary: 'Liveness and readiness (MongoDB and Redis reachable)',
      responses: {
        200: { description: 'Ready', schema: HealthResponse },
        503: { description: 'A dependency is down', schema: HealthResponse },
      },
    },
    async (_input, _req, res) => {
      const { mongo, redis } = await readiness();
      const ready = mongo === 'up' && redis === 'up';
      res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: { mongo, redis } });
    },
  );
}

/** `load`'s answer, reused for `ms` after it settles; concurrent callers share one call in flight. */
function reusedFor<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let current: { answer: Promise<T>; settledAt?: number } | undefined;
  return () => {
    if (current && (current.settledAt === undefined || Date.now() - current.settledAt < ms)) return current.answer;
    const entry: { answer: Promise<T>; settledAt?: number } = { answer: load() };
    void entry.answer.finally(() => (entry.settledAt = Date.now())).catch(() => undefined);
    current = entry;
    return entry.answer;
  };
}

async function check(probe: () => Promise<void>): Promise<'up' | 'down'> {
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
    ]);
    return 'up';
  } catch {
    return 'down';
  }
}
