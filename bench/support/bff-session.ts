/** A signed-in session on the BFF for benches: the administrator's cookies through its own login flow. */

/** The session + CSRF cookies of `email`, signed in with `password` (POST /api/auth/login). */
export async function signIn(bffUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${bffUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${bffUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookiesOf(csrf) },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return cookiesOf(login);
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A signed-in session that can also write: its cookies and the CSRF token the BFF wants on every POST. */
export interface BffSession {
  cookie: string;
  csrfToken: string;
}

/** Signs `email` in (POST /api/auth/login) and keeps the CSRF token the login answers with. */
export async function signInForWrites(bffUrl: string, email: string, password: string): Promise<BffSession> {
  const csrf = await fetch(`${bffUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${bffUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookiesOf(csrf) },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = cookiesOf(login);
  return { cookie, csrfToken: ((await login.json()) as { csrfToken: string }).csrfToken };
}

/** A POST of JSON as the browser's BFF client sends it (session cookie and CSRF header). */
export function postJson(
  bffUrl: string,
  session: BffSession,
  route: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${bffUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken, cookie: session.cookie },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}
