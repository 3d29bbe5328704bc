import { InputError } from '@docket/errors';
import { formatQuery } from '@docket/query-language';
import {
  alertQuery,
  validateAlertDefinition,
  validateFollow,
  validateFollowUpdate,
  type AlertDefinitionInput,
  type WebhookEndpointLookup,
} from '../../src/domain/alert-definition';

const endpoints: WebhookEndpointLookup = { isOwnersEndpoint: async (owner, id) => owner === 'u1' && id === 'ep-1' };

function input(over: Partial<AlertDefinitionInput> = {}): AlertDefinitionInput {
  return {
    name: 'Rate cases',
    query: 'tariff "rate case"',
    filters: {},
    question: '',
    schedule: { cadence: 'daily', hour: 8, weekday: 1, timeZone: 'Europe/Paris' },
    channels: { inApp: true, email: false, webhookEndpointId: '' },
    ...over,
  };
}

/** The InputError's issues as path → message. */
async function issuesOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InputError);
  return Object.fromEntries((error as InputError).issues.map((issue) => [issue.path, issue.message]));
}

describe('alert definitions', () => {
  it('accepts a valid saved search and cleans it', async () => {
    const { definition, query } = await validateAlertDefinition(
      input({ name: '  Rate   cases ', filters: { agencies: [' FERC ', 'ferc'] } }),
      'u1',
      endpoints,
    );
    expect(definition.name).toBe('Rate cases');
    expect(definition.filters.agencies).toEqual(['FERC']);
    expect(definition.schedule).toEqual({ cadence: 'daily', hour: 8, weekday: 1, timeZone: 'Europe/Paris' });
    expect(formatQuery(query)).toBe('tariff AND "rate case"');
    expect(formatQuery(alertQuery(definition))).toContain('agency:FERC');
  });

  it('says which field is wrong, every one at once', async () => {
    const issues = await issuesOf(
      validateAlertDefinition(
        input({
          name: '',
          query: 'tariff AND (rate',
          schedule: { cadence: 'hourly', hour: 24, weekday: 7, timeZone: 'Mars/Olympus' },
          channels: { inApp: false, email: false, webhookEndpointId: '' },
          filters: { filedFrom: '2024-02-30' },
        }),
        'u1',
        endpoints,
      ),
    );
    expect(Object.keys(issues).sort()).toEqual([
      'channels',
      'filters.filed_from',
      'name',
      'query',
      'schedule.cadence',
      'schedule.hour',
      'schedule.time_zone',
      'schedule.weekday',
    ]);
    expect(issues.query).toMatch(/column \d+/);
    expect(issues['schedule.cadence']).toBe('must be one of realtime, daily, weekly, got "hourly"');
  });

  it('names the query and its column in the message of a syntax error', async () => {
    const error = await validateAlertDefinition(input({ query: 'tariff OR' }), 'u1', endpoints).catch(
      (caught: InputError) => caught,
    );
    expect((error as InputError).message).toMatch(/^query: .*column 10/);
  });

  it('refuses a query over 1,000 characters, an empty one without filters, and one over the cost limits', async () => {
    expect(
      (await issuesOf(validateAlertDefinition(input({ query: 'a '.repeat(501) }), 'u1', endpoints))).query,
    ).toMatch(/at most 1000 characters/);
    expect((await issuesOf(validateAlertDefinition(input({ query: ' ' }), 'u1', endpoints))).query).toMatch(
      /must not be empty unless filters/,
    );
    expect((await issuesOf(validateAlertDefinition(input({ query: 'ra*' }), 'u1', endpoints))).query).toMatch(
      /at least 3/,
    );
    await expect(
      validateAlertDefinition(input({ query: '', filters: { dockets: ['ER24-1'] } }), 'u1', endpoints),
    ).resolves.toBeDefined();
  });

  it("accepts only the owner's webhook endpoints", async () => {
    const channels = { inApp: false, email: false, webhookEndpointId: 'ep-1' };
    await expect(validateAlertDefinition(input({ channels }), 'u1', endpoints)).resolves.toBeDefined();
    expect(
      (await issuesOf(validateAlertDefinition(input({ channels }), 'u2', endpoints)))['channels.webhook_endpoint_id'],
    ).toMatch(/not one of your webhook endpoints/);
  });

  it('needs a cadence for a saved search but defaults a follow to real-time, in-app and e-mail', async () => {
    expect(
      (await issuesOf(validateAlertDefinition(input({ schedule: undefined }), 'u1', endpoints)))['schedule.cadence'],
    ).toBeDefined();
    const follow = await validateFollow(
      { docket: { docketId: '', docketNumber: 'ER24-1234-000', title: 'Rate case', sourceName: 'FERC' } },
      'u1',
      endpoints,
    );
    expect(follow.definition.schedule.cadence).toBe('realtime');
    expect(follow.definition.channels).toEqual({ inApp: true, email: true, webhookEndpointId: '' });
    expect(follow.definition.name).toBe('ER24-1234-000 · Rate case');
  });

  it('refuses a follow that names no docket', async () => {
    expect(
      (
        await issuesOf(
          validateFollow({ docket: { docketId: '', docketNumber: ' - ', title: '', sourceName: '' } }, 'u1', endpoints),
        )
      ).docket,
    ).toMatch(/docket_id or a docket_number/);
  });

  it('edits only name, schedule and channels of a follow', async () => {
    const { definition } = await validateFollow(
      { docket: { docketId: 'd1', docketNumber: 'ER24-1', title: '', sourceName: '' } },
      'u1',
      endpoints,
    );
    const edited = await validateFollowUpdate(
      input({ name: '', query: 'ignored', schedule: { cadence: 'weekly', hour: 7, weekday: 5, timeZone: '' } }),
      definition,
      'u1',
      endpoints,
    );
    expect(edited.name).toBe(definition.name);
    expect(edited.query).toBe('');
    expect(edited.schedule).toEqual({ cadence: 'weekly', hour: 7, weekday: 5, timeZone: 'UTC' });
  });
});
