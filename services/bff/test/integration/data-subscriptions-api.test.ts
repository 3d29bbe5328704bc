import { uniqueName } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { FakeAlertService } from './support/alert-service.fake';
import { FakeBackends } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const NY = { column: 'state', op: 'in', values: ['NY'] };

describe('BFF data subscriptions (AlertService faked at the wire)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const alertService = new FakeAlertService();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let alice: BrowserClient;
  let bob: BrowserClient;

  async function newMember(admin: BrowserClient): Promise<BrowserClient> {
    const email = `${uniqueName('member')}@example.com`;
    const created = await admin.post('/api/users', {
      email,
      name: 'A member',
      role: 'member',
      password: 'member password 123',
    });
    expect(created.status).toBe(201);
    const client = new BrowserClient(bff.url);
    expect((await client.signIn(email, 'member password 123')).status).toBe(200);
    return client;
  }

  beforeAll(async () => {
    const target = await fakes.start(logger);
    const alertsTarget = await alertService.start(logger);
    bff = await startTestBff(
      testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, ALERTS_GRPC: alertsTarget }, target),
      logger,
    );
    const admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    [alice, bob] = [await newMember(admin), await newMember(admin)];
  });

  afterAll(async () => {
    await bff?.stop();
    await Promise.all([fakes.stop(), alertService.stop()]);
  });

  it("subscribes, lists, edits and unsubscribes the session user's own subscription", async () => {
    const created = await alice.post('/api/data-subscriptions', {
      dataProductId: 'rate-cases',
      channels: { inApp: true, email: 'digest' },
      filters: [NY],
    });
    expect(created.status).toBe(201);
    const subscription = created.body.subscription;
    expect(subscription).toMatchObject({
      dataProductId: 'rate-cases',
      dataProductName: 'Product rate-cases',
      channels: { inApp: true, email: 'digest', webhookEndpointId: '' },
      filters: [{ ...NY, text: '', min: '', max: '' }],
      lastReleaseId: '',
      lastNotifiedAt: null,
    });

    const listed = await alice.get('/api/data-subscriptions?dataProductId=rate-cases');
    expect(listed.body.subscriptions.map((s: { id: string }) => s.id)).toEqual([subscription.id]);
    expect((await bob.get('/api/data-subscriptions')).body.subscriptions).toEqual([]);
    expect((await alice.post('/api/data-subscriptions', { dataProductId: 'rate-cases' })).status).toBe(409);

    // Filters left out stay; channels are replaced.
    const edited = await alice.patch(`/api/data-subscriptions/${subscription.id}`, {
      channels: { inApp: false, email: 'immediate' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.subscription).toMatchObject({
      channels: { inApp: false, email: 'immediate' },
      filters: [expect.objectContaining(NY)],
    });
    const unfiltered = await alice.patch(`/api/data-subscriptions/${subscription.id}`, { filters: [] });
    expect(unfiltered.body.subscription.filters).toEqual([]);

    expect((await bob.patch(`/api/data-subscriptions/${subscription.id}`, { filters: [] })).status).toBe(404);
    expect((await bob.request('DELETE', `/api/data-subscriptions/${subscription.id}`)).status).toBe(404);
    expect((await alice.request('DELETE', `/api/data-subscriptions/${subscription.id}`)).status).toBe(204);
    expect((await alice.get('/api/data-subscriptions')).body.subscriptions).toEqual([]);
  });

  it('refuses a bad subscription with 400s naming the field', async () => {
    const noChannel = await alice.post('/api/data-subscriptions', {
      dataProductId: 'rate-cases',
      channels: { inApp: false, email: 'off' },
    });
    expect([noChannel.status, noChannel.body.error.issues[0].path]).toEqual([400, 'channels']);
    const badOp = await alice.post('/api/data-subscriptions', {
      dataProductId: 'rate-cases',
      filters: [{ column: 'state', op: 'equals', values: ['NY'] }],
    });
    expect([badOp.status, badOp.body.error.issues[0].path]).toEqual([400, 'filters.0.op']);
    const unknown = await alice.post('/api/data-subscriptions', { dataProductId: 'rate-cases', cadence: 'daily' });
    expect(unknown.status).toBe(400);
    const noProduct = await alice.post('/api/data-subscriptions', { dataProductId: '' });
    expect([noProduct.status, noProduct.body.error.issues[0].path]).toEqual([400, 'dataProductId']);
  });
});
