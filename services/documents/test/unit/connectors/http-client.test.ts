import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { HttpClient, parseRetryAfter, SourceHttpError } from '../../../src/connectors';

/** A server whose behaviour per request is scripted by the test. */
async function scriptedServer(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/thing.json`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const schema = z.object({ ok: z.boolean() });

describe('HttpClient', () => {
  it('retries after a timeout and a dropped connection, then succeeds', async () => {
    let calls = 0;
    const server = await scriptedServer((req, res) => {
      calls++;
      if (calls === 1) return; // never answers: the client times out
      if (calls === 2) return req.socket.destroy();
      res.end('{"ok":true}');
    });
    const sleeps: number[] = [];
    const client = new HttpClient({
      timeoutMs: 100,
      sleep: async (ms) => void sleeps.push(ms),
      backoffMs: (n) => n * 10,
    });
    try {
      await expect(client.getJson(server.url, schema)).resolves.toEqual({ ok: true });
      expect(calls).toBe(3);
      expect(sleeps).toEqual([10, 20]);
    } finally {
      await server.close();
    }
  });

  it('caps a huge Retry-After at maxDelayMs', async () => {
    let calls = 0;
    const server = await scriptedServer((_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(429, { 'retry-after': '86400' });
        return res.end();
      }
      res.end('{"ok":true}');
    });
    const sleeps: number[] = [];
    const client = new HttpClient({ maxDelayMs: 60_000, sleep: async (ms) => void sleeps.push(ms) });
    try {
      await client.getJson(server.url, schema);
      expect(sleeps).toEqual([60_000]);
    } finally {
      await server.close();
    }
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    let calls = 0;
    const server = await scriptedServer(() => void calls++);
    const controller = new AbortController();
    const client = new HttpClient({ sleep: async () => undefined });
    try {
      const pending = client.getJson(server.url, schema, controller.signal);
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort(new Error('run cancelled'));
      await expect(pending).rejects.toThrow('run cancelled');
      expect(calls).toBeLessThanOrEqual(1);
    } finally {
      await server.close();
    }
  });

  it('names the URL and status of a 404 without retrying', async () => {
    let calls = 0;
    const server = await scriptedServer((_req, res) => {
      calls++;
      res.writeHead(404);
      res.end('{"detail":"Not found."}');
    });
    const client = new HttpClient({ sleep: async () => undefined });
    try {
      const error = await client.getJson(server.url, schema).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SourceHttpError);
      expect(error).toMatchObject({
        url: server.url,
        status: 404,
        message: `GET ${server.url} failed: HTTP 404 Not Found ({"detail":"Not found."})`,
      });
      expect(calls).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2024-02-01T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Feb 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
