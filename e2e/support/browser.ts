import { chromium, type Browser } from 'playwright-core';

/** The stack's address and the first administrator, set by stack.global-setup.ts. */
export const e2eEnv = {
  baseUrl: requiredEnv('E2E_BASE_URL'),
  adminEmail: requiredEnv('E2E_ADMIN_EMAIL'),
  adminPassword: requiredEnv('E2E_ADMIN_PASSWORD'),
  /** How many filings the stack seeds (loaded and indexed in the background after start-up). */
  seedFilings: Number(requiredEnv('E2E_SEED_FILINGS')),
  /** How many dockets those filings are spread over. */
  seedDockets: Number(requiredEnv('E2E_SEED_DOCKETS')),
};

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; the e2e global setup should have set it`);
  return value;
}

/** Debian's Chromium, headless, with the flags that keep it off this machine's closed network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}
