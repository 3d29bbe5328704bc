import type { Request } from 'express';
import { UserActivitySignal } from '../../src/grpc/user-activity.signal';
import { setAuth } from '../../src/http/auth-context';
import { noteUserRequests } from '../../src/http/middleware/user-activity.middleware';

describe('UserActivitySignal', () => {
  function signalWithClock(send: () => Promise<void>, debug = jest.fn()) {
    let now = 1_000;
    const signal = new UserActivitySignal(send, { debug }, 200, () => now);
    return { signal, debug, advance: (ms: number) => (now += ms) };
  }

  it('tells at the first request, then at most once per interval however many requests come', () => {
    const send = jest.fn(() => Promise.resolve());
    const { signal, advance } = signalWithClock(send);
    signal.note();
    for (let i = 0; i < 50; i += 1) {
      advance(3);
      signal.note();
    }
    expect(send).toHaveBeenCalledTimes(1); // 150 ms of requests
    advance(50);
    signal.note();
    expect(send).toHaveBeenCalledTimes(2);
    advance(199);
    signal.note();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('logs a signal that failed and never throws to the request', async () => {
    const failure = new Error('documents unavailable');
    const { signal, debug } = signalWithClock(() => Promise.reject(failure));
    expect(() => signal.note()).not.toThrow();
    await Promise.resolve();
    await Promise.resolve();
    expect(debug).toHaveBeenCalledWith({ err: failure }, expect.stringContaining('users are active'));
  });
});

describe('noteUserRequests', () => {
  function noted(path: string, signedIn = true): boolean {
    const note = jest.fn();
    const next = jest.fn();
    const req = { path } as Request;
    if (signedIn) setAuth(req, { user: {} as never, sessionId: 'session-1' });
    noteUserRequests({ note })(req, {} as never, next);
    expect(next).toHaveBeenCalledTimes(1);
    return note.mock.calls.length > 0;
  }

  it('notes what users ask the API for', () => {
    expect(noted('/api/documents/doc-1')).toBe(true);
    expect(noted('/api/search')).toBe(true);
    expect(noted('/api/workspaces/ws-1/queries')).toBe(true);
  });

  it('leaves out requests without a session', () => {
    expect(noted('/api/documents/doc-1', false)).toBe(false);
    expect(noted('/api/auth/login', false)).toBe(false);
  });

  it('leaves out progress polls, event streams and what is not the API', () => {
    expect(noted('/api/auth/session')).toBe(false);
    expect(noted('/api/catalog/status')).toBe(false);
    expect(noted('/api/stack/status')).toBe(false);
    expect(noted('/api/notifications/events')).toBe(false);
    expect(noted('/api/processes/p-1/events')).toBe(false);
    expect(noted('/healthz')).toBe(false);
    expect(noted('/livez')).toBe(false);
  });
});
