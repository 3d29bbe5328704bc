/** A signed-in administrator on the BFF: GET and POST of JSON with its session and CSRF token. */
export async function signIn(bffUrl: string, email: string, password: string) {
  const cookiesOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const csrf = await fetch(`${bffUrl}/api/auth/csrf`);
  const { csrfToken: anonymous } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${bffUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': anonymous, cookie: cookiesOf(csrf) },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email}: HTTP ${login.status} ${await login.text()}`);
  const cookie = cookiesOf(login);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const answer = async <T>(route: string, response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** A POST as the browser's BFF client sends it (session cookie and CSRF header); the response as it is. */
  const send = (route: string, body: unknown) =>
    fetch(`${bffUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
      body: JSON.stringify(body),
    });
  return {
    get: async <T>(route: string) => answer<T>(route, await fetch(`${bffUrl}${route}`, { headers: { cookie } })),
    post: async <T = unknown>(route: string, body: unknown) => answer<T>(route, await send(route, body)),
    send,
  };
}
