import { randomBytes } from 'node:crypto';

/**
 * A new process id: a UUID version 7 (RFC 9562), whose first 48 bits are the time it was made in
 * Unix milliseconds. The tracker learns of a process a moment after its id is handed out, so a page
 * told about an id it cannot find yet can tell "just started" from "never existed" by that time.
 */
const PROCESS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether `text` has the shape of newProcessId's ids (a page cursor made from one, say). */
export function isProcessId(text: string): boolean {
  return PROCESS_ID.test(text);
}

export function newProcessId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
