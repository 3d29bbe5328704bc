import { InputError } from '@docket/errors';
import { MjmlTemplate } from '../../src/delivery/email/email-renderer';
import { ReleaseEmailBuilder, type ReleaseEmailView } from '../../src/delivery/email/release-email';
import {
  describeFilters,
  validateDataSubscription,
  type SubscriptionRowFilter,
} from '../../src/domain/data-subscription';
import {
  changeLogPath,
  releaseHeadline,
  releaseKeys,
  releaseNoticeOf,
  releaseWebhookData,
  shouldNotify,
  type ReleaseChangeLog,
} from '../../src/domain/release-notice';
import { webhookBody } from '../../src/webhooks/webhook-payload';

const ENDPOINTS = { isOwnersEndpoint: async (owner: string, id: string) => owner === 'u-1' && id === 'ep-1' };
const COLUMNS = ['docket', 'state', 'utility', 'requested_increase'];
const NY: SubscriptionRowFilter = { column: 'state', op: 'in', values: ['NY'], text: '', min: '', max: '' };

function log(over: Partial<ReleaseChangeLog> = {}): ReleaseChangeLog {
  return { added: 0, removed: 0, changed: 0, columns: [], columnsAdded: [], columnsRemoved: [], summary: '', ...over };
}

const raw = (
  over: Partial<{ column: string; op: string; values: string[]; text: string; min: string; max: string }>,
) => ({
  column: 'state',
  op: 'in',
  values: [],
  text: '',
  min: '',
  max: '',
  ...over,
});

async function issuesOf(promise: Promise<unknown>): Promise<Array<{ path: string; message: string }>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InputError) return error.issues.map((i) => ({ path: i.path, message: i.message }));
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('validateDataSubscription', () => {
  const context = { ownerUserId: 'u-1', columns: COLUMNS, endpoints: ENDPOINTS };

  it('cleans a definition: values trimmed and deduplicated, e-mail off when unset', async () => {
    const definition = await validateDataSubscription(
      {
        dataProductId: ' rate-cases ',
        channels: { inApp: true, email: '', webhookEndpointId: '' },
        filters: [raw({ values: [' NY', 'NY', '', 'NJ'] })],
      },
      context,
    );
    expect(definition).toEqual({
      dataProductId: 'rate-cases',
      channels: { inApp: true, email: 'off', webhookEndpointId: '' },
      filters: [{ ...NY, values: ['NY', 'NJ'] }],
    });
  });

  it('names every bad field at once', async () => {
    const issues = await issuesOf(
      validateDataSubscription(
        {
          dataProductId: '',
          channels: { inApp: false, email: 'weekly', webhookEndpointId: 'ep-2' },
          filters: [
            raw({ column: 'county' }),
            raw({ op: 'contains', text: '  ' }),
            raw({ op: 'range' }),
            raw({ op: 'equals' }),
          ],
        },
        context,
      ),
    );
    expect(issues.map((i) => i.path)).toEqual([
      'data_product_id',
      'channels.email',
      'channels.webhook_endpoint_id',
      'filters[0].column',
      'filters[0].values',
      'filters[1].text',
      'filters[2].min',
      'filters[3].op',
    ]);
    expect(issues[3]!.message).toContain('is not a column of this product: "county"');
  });

  it('asks for at least one channel', async () => {
    const issues = await issuesOf(
      validateDataSubscription(
        { dataProductId: 'p', channels: { inApp: false, email: 'off', webhookEndpointId: '' }, filters: [] },
        context,
      ),
    );
    expect(issues).toEqual([
      { path: 'channels', message: 'must include at least one of in-app, e-mail or a webhook endpoint' },
    ]);
  });

  it('accepts any plain column while the product has no table yet', async () => {
    const definition = await validateDataSubscription(
      { dataProductId: 'p', channels: { inApp: true, email: 'digest', webhookEndpointId: 'ep-1' }, filters: [NY] },
      { ...context, columns: undefined },
    );
    expect(definition.channels).toEqual({ inApp: true, email: 'digest', webhookEndpointId: 'ep-1' });
  });
});

describe('shouldNotify', () => {
  it('without a filter: any change of the product, rows or columns', () => {
    expect(shouldNotify([], log({ added: 2 }))).toBe(true);
    expect(shouldNotify([], log({ columnsAdded: ['hearing_date'] }))).toBe(true);
    expect(shouldNotify([], log())).toBe(false);
  });

  it('with a filter: only changes of the matching rows', () => {
    expect(shouldNotify([NY], log({ changed: 1 }))).toBe(true);
    expect(shouldNotify([NY], log({ columnsAdded: ['hearing_date'] }))).toBe(false);
    expect(shouldNotify([NY], log())).toBe(false);
  });

  it('a first release (no change log) tells nobody', () => {
    expect(shouldNotify([], null)).toBe(false);
  });
});

describe('a release notice', () => {
  const subscription = {
    id: 'sub-1',
    dataProductId: 'rate-cases',
    dataProductName: 'Rate-case tracker',
    filters: [NY],
  };
  const changeLog = log({
    added: 3,
    changed: 1,
    columns: [
      {
        column: 'requested_increase',
        changed: 1,
        filled: 0,
        cleared: 0,
        up: 1,
        down: 0,
        later: 0,
        earlier: 0,
        forward: 0,
        back: 0,
      },
    ],
    summary: '3 new proceedings, 1 requested increase up',
  });
  const notice = releaseNoticeOf(subscription, { id: 'rel-2', version: '2026-11' }, changeLog);

  it('says what changed in the rows the subscriber follows, and links to the change log', () => {
    expect(releaseHeadline(notice)).toEqual({
      title: 'Rate-case tracker: release 2026-11 published',
      body: 'Rows where state is NY: 3 new proceedings, 1 requested increase up',
    });
    expect(changeLogPath(notice)).toBe('/data-subscriptions/rate-cases/change-log?release=rel-2');
    expect(describeFilters([NY, { ...NY, op: 'range', column: 'requested_increase', min: '5', max: '' }])).toBe(
      'state is NY; requested increase at least 5',
    );
  });

  it('is keyed by subscription and release, whatever event carried it', () => {
    expect(releaseKeys.notice('sub-1', 'rel-2')).toBe('release:sub-1:rel-2');
    expect(releaseKeys.delivery('sub-1', 'rel-2', 'webhook')).toBe('release:sub-1:rel-2:webhook');
  });

  it('goes to a webhook as the change log in JSON, with absolute links', () => {
    const body = JSON.parse(
      webhookBody(
        { type: 'data_product.release', payload: releaseWebhookData(notice, 'https://docket.example.test/') },
        new Date('2026-11-29T10:00:00Z'),
      ),
    );
    expect(body).toEqual({
      type: 'data_product.release',
      timestamp: '2026-11-29T10:00:00.000Z',
      data: {
        subscription: { id: 'sub-1', filter: 'state is NY' },
        data_product: {
          id: 'rate-cases',
          name: 'Rate-case tracker',
          link: 'https://docket.example.test/data-subscriptions/rate-cases',
        },
        release: {
          id: 'rel-2',
          version: '2026-11',
          change_log_link: 'https://docket.example.test/data-subscriptions/rate-cases/change-log?release=rel-2',
        },
        change_log: {
          summary: '3 new proceedings, 1 requested increase up',
          added: 3,
          removed: 0,
          changed: 1,
          columns_added: [],
          columns_removed: [],
          columns: [changeLog.columns[0]],
        },
      },
    });
  });
});

describe('the release e-mail', () => {
  it("says what changed in the subscriber's rows and links to the change log", () => {
    const builder = new ReleaseEmailBuilder({
      appUrl: 'https://docket.example.test',
      messageIdDomain: 'docket.example.test',
      template: MjmlTemplate.load<ReleaseEmailView>('release-email'),
    });
    const notice = releaseNoticeOf(
      { id: 'sub-1', dataProductId: 'rate-cases', dataProductName: 'Rate-case tracker', filters: [NY] },
      { id: 'rel-2', version: '2026-11' },
      log({ added: 3, summary: '3 new proceedings' }),
    );
    const email = builder.build({
      key: releaseKeys.delivery('sub-1', 'rel-2', 'email'),
      kind: 'release',
      channel: 'email',
      status: 'pending',
      ownerUserId: 'u-1',
      ownerEmail: 'ana@example.test',
      alertIds: [],
      endpointId: '',
      hitIds: [],
      hitGroup: '',
      sections: [],
      documentCount: 0,
      label: 'release',
      release: notice,
      attempts: 0,
      error: '',
      createdAt: new Date(),
    });
    expect(email).toMatchObject({ to: 'ana@example.test', subject: 'Rate-case tracker: release 2026-11 published' });
    expect(email.text).toContain('Rows where state is NY: 3 new proceedings');
    expect(email.text).toContain('Your rows: state is NY');
    expect(email.text).toContain(
      'Open the change log: https://docket.example.test/data-subscriptions/rate-cases/change-log?release=rel-2',
    );
    expect(email.html).toContain('Your data subscriptions');
    expect(email.headers['X-Docket-Delivery']).toBe('release:sub-1:rel-2:email');
  });
});
