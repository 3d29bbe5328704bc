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

/** A free TCP port on host, chosen by the OS. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
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
