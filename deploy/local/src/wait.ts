import net from 'node:net';

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  description: string;
  /** Checked before every attempt; a returned message aborts the wait (e.g. "the process exited"). */
  abortIf?: () => string | undefined;
}

/** Polls `probe` until it returns a value other than undefined/false, or the deadline passes. */
export async function pollUntil<T>(probe: () => Promise<T | undefined | false>, opts: WaitOptions): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  const interval = opts.intervalMs ?? 200;
  let lastError: unknown;
  for (;;) {
    const abort = opts.abortIf?.();
    if (abort) throw new Error(`${opts.description}: ${abort}`);
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${opts.description}: not ready after ${opts.timeoutMs} ms${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * Ports handed out before their server starts (a stack's services start after the frontend's build,
 * a minute or two later) are drawn below the ephemeral range (Linux 32768-60999, macOS 49152-65535),
 * where the OS never puts the source port of an outgoing connection or a listener on port 0: a port
 * taken from that range could be in use by a Kafka or MongoDB client's connection by the time its
 * service binds it.
 */
const RESERVED_PORTS = { first: 20_000, last: 32_000 };
const RESERVE_TRIES = 50;
/**
 * Ports this process has handed out. A port is free until its server binds it, so two calls before
 * that (a mail catcher's SMTP and web ports) could otherwise get the same one: with a dozen ports a
 * stack drawn from 12,000, about one stack in two hundred would get a clash (a CI run failed on one).
 */
const handedOut = new Set<number>();

/** A free TCP port on host below the ephemeral range, not handed out before (else the OS's choice). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let i = 0; i < RESERVE_TRIES; i++) {
    const port = RESERVED_PORTS.first + Math.floor(Math.random() * (RESERVED_PORTS.last - RESERVED_PORTS.first + 1));
    if (handedOut.has(port)) continue;
    handedOut.add(port); // before the check, so that a call running alongside cannot draw it too
    if (await canListen(host, port)) return port;
    handedOut.delete(port);
  }
  return listenAndRelease(host, 0);
}

function canListen(host: string, port: number): Promise<boolean> {
  return listenAndRelease(host, port).then(
    () => true,
    () => false,
  );
}

function listenAndRelease(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
