import { waitFor } from '@docket/testkit';

/** A message as the launcher's mail catcher (MailDev) keeps it: GET <mailUrl>/email. */
export interface CaughtEmail {
  id: string;
  subject: string;
  to: { address: string }[];
  headers: Record<string, string | string[]>;
  html?: string;
  text?: string;
}

/** The web inbox of the stack's local mail catcher, set by stack.global-setup.ts. */
export function mailUrl(): string {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error('E2E_MAIL_URL is not set: the e2e stack started no mail catcher (is SMTP_URL set?)');
  return url;
}

/** Waits for the first message in the inbox that `matches`. */
export async function waitForEmail(
  matches: (email: CaughtEmail) => boolean,
  description: string,
): Promise<CaughtEmail> {
  let found: CaughtEmail | undefined;
  await waitFor(
    async () => {
      const res = await fetch(`${mailUrl()}/email`);
      if (!res.ok) return false;
      found = ((await res.json()) as CaughtEmail[]).find(matches);
      return found !== undefined;
    },
    { description, timeoutMs: 60_000, intervalMs: 500 },
  );
  return found!;
}

/** A header's value whatever the case of its name. */
export function header(email: CaughtEmail, name: string): string {
  const entry = Object.entries(email.headers).find(([key]) => key.toLowerCase() === name.toLowerCase());
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
