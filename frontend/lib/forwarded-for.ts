/**
 * X-Forwarded-For for a server-side request to the BFF: the browser's address as server.ts wrote it
 * (the socket's, one address). A chain means the request did not come through server.ts; nothing
 * is sent then rather than something a client chose.
 */
export function forwardedFor(incoming: { get(name: string): string | null }): Record<string, string> {
  const value = incoming.get('x-forwarded-for')?.trim();
  return value && !value.includes(',') ? { 'x-forwarded-for': value } : {};
}
