// A process id is a UUID version 7 (made by @docket/processes' newProcessId): its first 48 bits say
// when it was handed out. The tracker hears of a new process a moment later, so an id it does not
// know is "starting" only while it is young; otherwise there is no such process.

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** How long after its id was made a process may still be unknown to the tracker. */
export const PROCESS_APPEAR_GRACE_MS = 2 * 60_000;

/** When the id was made (Unix ms), or null for an id that is not a process id of this app. */
export function processIdIssuedAt(id: string): number | null {
  if (!UUID_V7.test(id)) return null;
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/**
 * Until when an unknown process may still appear (Unix ms), or null when it never will: not an id
 * this app makes, or made longer ago than the grace period (or implausibly far in the future).
 */
export function processMayAppearUntil(id: string, now: number): number | null {
  const issuedAt = processIdIssuedAt(id);
  if (issuedAt === null) return null;
  const until = issuedAt + PROCESS_APPEAR_GRACE_MS;
  return now < until && issuedAt < now + PROCESS_APPEAR_GRACE_MS ? until : null;
}
