import crypto from 'node:crypto';
import { pollUntil, startStack, type StackHandle } from '@docket/local-infra';

// A BFF the launcher restarted after a crash must accept the session and CSRF token its predecessor
// gave a browser: otherwise every signed-in page fails its next change with 403 csrf_failed.
describe('launcher: a restarted BFF keeps its users signed in', () => {
  const email = 'restart-admin@docket.local';
  const password = `Rt-${crypto.randomBytes(12).toString('base64url')}`;
  let stack: StackHandle | undefined;

  afterAll(async () => {
    await stack?.stop();
  });

  it('accepts the CSRF token and session issued before a SIGKILL and restart', async () => {
    stack = await startStack({
      profile: 'test',
      frontend: false,
      restartPolicy: { initialDelayMs: 200, maxDelayMs: 1000, maxCrashes: 3, windowMs: 60_000 },
      // The suite's Kafka, stand-in and Redis (from the integration setup's env); the stack's own services and BFF.
      env: { SEED_CORPUS: 'false', ADMIN_EMAIL: email, ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' },
      log: () => undefined,
    });
    const { bffUrl } = stack;
    const first = await fetch(`${bffUrl}/api/auth/csrf`);
    const { csrfToken: anonymousToken } = (await first.json()) as { csrfToken: string };
    const login = await fetch(`${bffUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': anonymousToken, cookie: cookiesOf(first) },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const cookie = cookiesOf(login);
    const createWorkspace = (name: string) =>
      fetch(`${bffUrl}/api/workspaces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
        body: JSON.stringify({ name }),
      });
    expect((await createWorkspace('Before the restart')).status).toBe(201);

    const bff = stack.status().parts.find((p) => p.name === 'bff');
    expect(bff?.state).toBe('up');
    process.kill(bff!.pid!, 'SIGKILL');
    await pollUntil(
      async () => {
        const part = stack!.status().parts.find((p) => p.name === 'bff');
        return part?.state === 'up' && part.restarts === 1;
      },
      { timeoutMs: 60_000, intervalMs: 100, description: 'the BFF to be restarted' },
    );

    const after = await createWorkspace('After the restart');
    const answer = { status: after.status, body: after.status === 201 ? '' : await after.text() };
    expect(answer).toEqual({ status: 201, body: '' });
  }, 240_000);
});

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
