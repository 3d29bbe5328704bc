import { AlertEmailBuilder } from '../../src/delivery/email/alert-email';
import { digestReleasesText, digestReleaseViews } from '../../src/delivery/email/digest-releases';
import { EmailRenderer } from '../../src/delivery/email/email-renderer';
import { carriedReleaseKeys, noticesOf, releaseDigestDue } from '../../src/delivery/release-digest';
import type { DeliveryRecord } from '../../src/domain/delivery';
import type { ReleaseNotice } from '../../src/domain/release-notice';

const APP = 'https://docket.example';
const notice = (over: Partial<ReleaseNotice> = {}): ReleaseNotice => ({
  subscriptionId: 's1',
  dataProductId: 'rate-cases',
  dataProductName: 'Rate-case tracker',
  releaseId: 'rel-2',
  version: '2026-11',
  filterText: 'state is NY',
  changeLog: {
    added: 1,
    removed: 0,
    changed: 0,
    columns: [],
    columnsAdded: [],
    columnsRemoved: [],
    summary: '1 new proceeding',
  },
  ...over,
});

describe('when held release e-mails go out', () => {
  const wednesday8utc = new Date('2026-11-25T08:00:00Z');
  const daily = (hour: number, timeZone = 'Europe/Paris', paused = false) =>
    ({ cadence: 'daily', hour, weekday: 0, timeZone, paused }) as const;

  it('in the first daily alert digest that comes, in the alert’s time zone', () => {
    expect(releaseDigestDue([daily(9)], wednesday8utc)).toBe(true); // 09:00 in Paris
    expect(releaseDigestDue([daily(18), daily(9)], wednesday8utc)).toBe(true);
    expect(releaseDigestDue([daily(8)], wednesday8utc)).toBe(false); // 08:00 UTC is 09:00 in Paris
  });

  it('at the default hour (08:00 UTC) for a user without an active daily alert', () => {
    expect(releaseDigestDue([], wednesday8utc)).toBe(true);
    expect(releaseDigestDue([daily(10, 'UTC', true)], wednesday8utc)).toBe(true);
    expect(releaseDigestDue([], new Date('2026-11-25T09:00:00Z'))).toBe(false);
  });

  it('names the release e-mails a digest carries by their own keys', () => {
    const held = [{ release: notice() }, { release: notice({ subscriptionId: 's2', releaseId: 'rel-3' }) }, {}];
    const notices = noticesOf(held as DeliveryRecord[]);
    expect(notices).toHaveLength(2);
    expect(carriedReleaseKeys({ releases: notices })).toEqual(['release:s1:rel-2:email', 'release:s2:rel-3:email']);
    expect(carriedReleaseKeys({})).toEqual([]);
  });
});

describe('the digest’s data products section', () => {
  it('lists product, release, the change summary line and the change log link', () => {
    const views = digestReleaseViews([notice(), notice({ version: '', filterText: '' })], APP);
    expect(views[0]).toEqual({
      productName: 'Rate-case tracker',
      version: '2026-11',
      summary: 'Rows where state is NY: 1 new proceeding',
      url: `${APP}/data-subscriptions/rate-cases/change-log?release=rel-2`,
    });
    expect(digestReleasesText(views)).toEqual([
      '== Data products',
      '',
      '- Rate-case tracker, release 2026-11',
      '  Rows where state is NY: 1 new proceeding',
      `  ${APP}/data-subscriptions/rate-cases/change-log?release=rel-2`,
      '',
      '- Rate-case tracker',
      '  1 new proceeding',
      `  ${APP}/data-subscriptions/rate-cases/change-log?release=rel-2`,
      '',
    ]);
    expect(digestReleasesText([])).toEqual([]);
  });

  it('goes into the digest e-mail; one with releases only has no alert to unsubscribe from', () => {
    const builder = new AlertEmailBuilder({
      appUrl: APP,
      messageIdDomain: 'docket.example',
      renderer: EmailRenderer.load(),
      unsubscribeToken: () => 'token',
    });
    const digest: DeliveryRecord = {
      key: 'digest:u1:daily:2026-11-25T08:00:00.000Z:email',
      kind: 'digest',
      channel: 'email',
      status: 'pending',
      ownerUserId: 'u1',
      ownerEmail: 'ada@example.com',
      alertIds: [],
      endpointId: '',
      hitIds: [],
      hitGroup: '',
      sections: [],
      documentCount: 0,
      label: 'daily digest, 25 Nov 2026',
      releases: [notice()],
      attempts: 0,
      error: '',
      createdAt: new Date(),
    };
    const email = builder.build(digest);
    expect(email.subject).toBe('Your daily digest: 1 data product release');
    expect(email.html).toContain('Data products');
    // Handlebars escapes the '=' of the query (&#x3D;), which mail clients read back as '='.
    expect(email.html).toContain(`${APP}/data-subscriptions/rate-cases/change-log?release&#x3D;rel-2`);
    expect(email.html).toContain('Rows where state is NY: 1 new proceeding');
    expect(email.html).not.toContain('/unsubscribe?');
    expect(email.headers['List-Unsubscribe']).toBeUndefined();
    expect(email.text).toContain('- Rate-case tracker, release 2026-11');

    const withAlert = builder.build({
      ...digest,
      alertIds: ['a1'],
      sections: [
        { alertId: 'a1', alertName: 'Rates', alertKind: 'search', question: '', total: 2, documents: [], answer: [] },
      ],
    });
    expect(withAlert.subject).toBe('Your daily digest: 2 new documents for 1 alert, 1 data product release');
    expect(withAlert.headers['List-Unsubscribe']).toContain('/api/unsubscribe?token=token');
  });
});
