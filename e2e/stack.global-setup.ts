/**
 * Starts the whole stack for the browser journey on free ports with a throw-away data directory
 * (in-memory MongoDB stand-in), so it never touches a running `npm start`. Infrastructure given by
 * MONGO_URL / KAFKA_BROKERS / REDIS_URL is used instead of being started.
 */
import { randomBytes } from 'node:crypto';
import { startStack, type StackHandle } from '@docket/local-infra';

declare global {
  var __DOCKET_E2E_STACK__: StackHandle | undefined;
}

export default async function globalSetup(): Promise<void> {
  const adminEmail = 'e2e-admin@docket.local';
  const adminPassword = `e2e-${randomBytes(12).toString('hex')}`;
  const seedFilings = 300;
  const seedDockets = 60;
  const stack = await startStack({
    profile: 'test',
    env: {
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      SEED_FILINGS: String(seedFilings),
      SEED_DOCKETS: String(seedDockets),
    },
    onOutput: process.env.E2E_VERBOSE ? (name, line) => process.stderr.write(`[${name}] ${line}\n`) : undefined,
    log: (message) => process.stderr.write(`[e2e stack] ${message}\n`),
  });
  globalThis.__DOCKET_E2E_STACK__ = stack;
  // The test profile does not restart a crashed part: say so loudly (the teardown fails the run).
  void stack.crashed.then((crash) => {
    process.stderr.write(
      `[e2e stack] ${crash.name} crashed (code ${crash.code}, signal ${crash.signal}); ` +
        `its last lines:\n${crash.tail.join('\n')}\n`,
    );
  });
  if (!stack.frontendUrl) throw new Error('the e2e stack started without a frontend');
  if (stack.skipped.length > 0) throw new Error(`the e2e stack is missing parts: ${stack.skipped.join(', ')}`);
  process.env.E2E_BASE_URL = stack.frontendUrl;
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;
  process.env.E2E_SEED_FILINGS = String(seedFilings);
  process.env.E2E_SEED_DOCKETS = String(seedDockets);
  // The local mail catcher's web inbox (MailDev), where the alerts service's e-mail lands.
  if (stack.mailUrl) process.env.E2E_MAIL_URL = stack.mailUrl;
  process.stderr.write(`[e2e stack] ready in ${stack.timings.totalSeconds.toFixed(1)} s at ${stack.frontendUrl}\n`);
}
