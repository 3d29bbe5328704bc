import pino, { type Logger } from 'pino';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { startBff, type RunningBff, type StartOptions } from '../../../src/app';
import { bffEnvSchema, type BffConfig } from '../../../src/config';
import { FakeAlertService } from './alert-service.fake';
import { FakeBackends } from './fake-services';
import { AddressedBrowser } from './raw-http';

/** A logger whose lines are kept in memory, to assert on what the BFF logs. */
export function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug', base: { service: 'bff' } },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

/** Config the way main.ts builds it, on the test servers, with a database of its own and an ephemeral port. */
export function testConfig(env: Record<string, string> = {}, grpcTarget = '127.0.0.1:1'): BffConfig {
  const infra = testInfraEnv();
  const config = bffEnvSchema.parse({
    NODE_ENV: 'test',
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    MONGO_DB: uniqueName('bff_test').replace(/[-.]/g, '_'),
    DOCUMENTS_GRPC: grpcTarget,
    QUERY_ENGINE_GRPC: grpcTarget,
    EXPORT_GRPC: grpcTarget,
    // The fakes serve no AlertService: a test that needs one starts its own (alert-service.fake.ts).
    ALERTS_GRPC: '127.0.0.1:1',
    SESSION_SECRET: 'integration-test-session-secret-0123456789',
    ...env,
  });
  return { ...config, PORT: 0 };
}

export async function startTestBff(config: BffConfig, logger: Logger, options: StartOptions = {}): Promise<RunningBff> {
  return startBff(config, logger, options);
}

/**
 * A BFF on the fake services (AlertService too) with its administrator signed in on 127.0.0.1: the
 * set-up of the suites that send malformed requests to every route, past authentication.
 */
export async function startBffWithAdmin(
  adminPassword: string,
  options: StartOptions = {},
): Promise<{
  bff: RunningBff;
  admin: AddressedBrowser;
  stop: () => Promise<void>;
}> {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const alerts = new FakeAlertService();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  const target = await fakes.start(logger);
  const alertsTarget = await alerts.start(logger);
  const bff = await startTestBff(
    testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, ALERTS_GRPC: alertsTarget }, target),
    logger,
    options,
  );
  const admin = new AddressedBrowser(bff.url, '127.0.0.1');
  const signedIn = await admin.signIn(adminEmail, adminPassword);
  if (signedIn.status !== 200) throw new Error(`the administrator could not sign in: ${signedIn.status}`);
  return {
    bff,
    admin,
    stop: async () => {
      await bff.stop();
      await Promise.all([fakes.stop(), alerts.stop()]);
    },
  };
}
