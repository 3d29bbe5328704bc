import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawnManaged, type ManagedProcess } from './managed-process';
import { requireBinary } from './paths';
import { pollUntil } from './wait';

export interface StartRedisOptions {
  /** Redis's working directory (dump / append-only files) and its log. */
  dir: string;
  host?: string;
  port: number;
  /** true: append-only file + snapshots, data survives a restart (dev); false: nothing on disk (tests). */
  persistent: boolean;
  readyTimeoutMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting gives up waiting for readiness (the server is then stopped). */
  signal?: AbortSignal;
}

export interface RunningRedis {
  url: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/** The machine's redis-server on its own port and directory, ready when it answers PING. */
export async function startRedis(opts: StartRedisOptions): Promise<RunningRedis> {
  const binary = requireBinary('redis-server', 'redis-server', 'or set REDIS_URL to an existing Redis');
  const host = opts.host ?? '127.0.0.1';
  fs.mkdirSync(opts.dir, { recursive: true });
  const persistence = opts.persistent
    ? ['--appendonly', 'yes', '--appendfsync', 'everysec']
    : ['--appendonly', 'no', '--save', ''];
  const redis = spawnManaged({
    name: 'redis',
    command: binary,
    args: [
      '--bind',
      host,
      '--port',
      String(opts.port),
      '--dir',
      opts.dir,
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
      '--logfile',
      '',
      '--loglevel',
      'warning',
      // BullMQ must never lose keys to eviction.
      '--maxmemory-policy',
      'noeviction',
      ...persistence,
    ],
    logFile: path.join(opts.dir, 'redis.log'),
    onLine: opts.onLine,
  });
  const url = `redis://${host}:${opts.port}`;
  try {
    await pollUntil(() => probeRedis(host, opts.port), {
      timeoutMs: opts.readyTimeoutMs ?? 30_000,
      intervalMs: 100,
      description: `Redis at ${url}`,
      abortIf: () =>
        opts.signal?.aborted
          ? 'stopping'
          : redis.isRunning()
            ? undefined
            : `redis-server exited early; its last lines:\n${redis.tail(30).join('\n')}`,
    });
  } catch (err) {
    await redis.stop();
    throw err;
  }
  return {
    url,
    process: redis,
    stop: async () => {
      await redis.stop({ timeoutMs: 15_000 });
    },
  };
}

/** Sends PING in the inline protocol and expects +PONG (no client library needed). */
export function probeRedis(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** Parses host and port out of a redis:// URL (for probing a server given by REDIS_URL). */
export function redisHostPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379) };
}
