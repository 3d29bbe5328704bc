// `?next=` comes from the URL, so only same-site absolute paths are followed (no `//evil.example`).
export function safeNextPath(next: string | string[] | null | undefined, fallback = '/search'): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (e.g. a tab or newline) can make browsers read `/\t/evil.example` as a host.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f')) return fallback;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return fallback;
  return value;
}

export function loginPath(next: string | null | undefined): string {
  const target = safeNextPath(next, '');
  return target ? `/login?next=${encodeURIComponent(target)}` : '/login';
}
