// Next.js signals redirects and not-found/forbidden/unauthorized by throwing errors with a digest.
// They are control flow, not failures, and must never reach Sentry.
// Next 15.5: `NEXT_REDIRECT;replace;/path;307;` (client/components/redirect-error.js) and
// `NEXT_HTTP_ERROR_FALLBACK;404` (client/components/http-access-fallback); older: `NEXT_NOT_FOUND`.
const SIGNAL_PREFIXES = ['NEXT_REDIRECT', 'NEXT_NOT_FOUND', 'NEXT_HTTP_ERROR_FALLBACK;'] as const;

function startsWithSignal(value: unknown): boolean {
  return typeof value === 'string' && SIGNAL_PREFIXES.some((prefix) => value.startsWith(prefix));
}

export function isNavigationSignal(error: unknown): boolean {
  if (typeof error === 'string') return startsWithSignal(error);
  if (!error || typeof error !== 'object') return false;
  const { digest, message } = error as { digest?: unknown; message?: unknown };
  return startsWithSignal(digest) || startsWithSignal(message);
}

interface SentryLikeEvent {
  exception?: { values?: { value?: string; type?: string }[] };
}

/** Sentry `beforeSend`: drops navigation signals, keeps everything else untouched. */
export function dropNavigationSignals<E extends SentryLikeEvent>(
  event: E,
  hint?: { originalException?: unknown },
): E | null {
  if (hint && isNavigationSignal(hint.originalException)) return null;
  const values = event.exception?.values ?? [];
  if (values.some((v) => startsWithSignal(v.value))) return null;
  return event;
}
