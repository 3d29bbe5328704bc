import { randomUUID } from 'node:crypto';

/** The envelope fields of a new event: a fresh id (what consumers deduplicate on) and now. */
export function newEventFields(): { eventId: string; occurredAt: Date } {
  return { eventId: randomUUID(), occurredAt: new Date() };
}
