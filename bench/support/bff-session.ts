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
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
