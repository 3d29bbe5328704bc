import { hourStart, isDigestDue, localTime } from '../../src/delivery/digest-window';
import { AlertEmailBuilder } from '../../src/delivery/email/alert-email';
import { EmailRenderer } from '../../src/delivery/email/email-renderer';
import { UnsubscribeTokens } from '../../src/delivery/unsubscribe-token';
import { realtimeAllowance, shouldUnfold } from '../../src/delivery/volume-guard';
import { deliveryKeys, digestLabel, jobIdOf, type DeliveryRecord } from '../../src/domain/delivery';

describe('digest windows', () => {
  const at = new Date('2026-11-25T08:00:00Z'); // a Wednesday
  it('reads the wall clock in the alert’s time zone', () => {
    expect(localTime(at, 'Europe/Paris')).toEqual({ hour: 9, weekday: 3, date: '2026-11-25' });
    expect(localTime(at, 'America/New_York')).toEqual({ hour: 3, weekday: 3, date: '2026-11-25' });
    expect(localTime(at, 'Asia/Kolkata').hour).toBe(13); // 13:30: due at the tick within its hour
  });
  it('is due at the alert’s hour (daily) and weekday + hour (weekly), never for real time', () => {
    expect(isDigestDue({ cadence: 'daily', hour: 9, weekday: 0, timeZone: 'Europe/Paris' }, at)).toBe(true);
    expect(isDigestDue({ cadence: 'daily', hour: 8, weekday: 0, timeZone: 'Europe/Paris' }, at)).toBe(false);
    expect(isDigestDue({ cadence: 'weekly', hour: 9, weekday: 3, timeZone: 'Europe/Paris' }, at)).toBe(true);
    expect(isDigestDue({ cadence: 'weekly', hour: 9, weekday: 4, timeZone: 'Europe/Paris' }, at)).toBe(false);
    expect(isDigestDue({ cadence: 'realtime', hour: 9, weekday: 3, timeZone: 'Europe/Paris' }, at)).toBe(false);
  });
  it('windows are whole UTC hours; keys and labels name them', () => {
    expect(hourStart(new Date('2026-11-25T08:59:59.999Z')).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(deliveryKeys.digest('u1', 'daily', at, 'email')).toBe('digest:u1:daily:2026-11-25T08:00:00.000Z:email');
    expect(deliveryKeys.realtime('a1', 'd1', 'in_app')).toBe('rt:a1:d1:in_app');
    expect(digestLabel('daily', at)).toBe('daily digest, 25 Nov 2026');
    expect(jobIdOf('rt:a1:d1:email')).not.toContain(':');
  });
});

describe('volume guard', () => {
  it('allows what is left of the hour’s budget and unfolds after a quieter hour', () => {
    expect(realtimeAllowance(0, 20)).toBe(20);
    expect(realtimeAllowance(18, 20)).toBe(2);
    expect(realtimeAllowance(25, 20)).toBe(0);
    expect(shouldUnfold(19, 20)).toBe(true);
    expect(shouldUnfold(20, 20)).toBe(false);
  });
});

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens('a-test-secret-of-enough-length');
  it('round-trips who and which alerts, and refuses a forged or altered token', () => {
    const token = tokens.sign({ ownerUserId: 'u1', alertIds: ['a1', 'a2'] });
    expect(tokens.verify(token)).toEqual({ ownerUserId: 'u1', alertIds: ['a1', 'a2'] });
    const [v, , mac] = token.split('.');
    const forged = `${v}.${Buffer.from(JSON.stringify({ u: 'u2', a: ['a1'] })).toString('base64url')}.${mac}`;
    expect(tokens.verify(forged)).toBeUndefined();
    expect(new UnsubscribeTokens('another-secret-of-enough-length').verify(token)).toBeUndefined();
    expect(tokens.verify('garbage')).toBeUndefined();
    expect(tokens.verify('')).toBeUndefined();
  });

  it('takes a genuine token exactly: nothing appended, prepended or padded', () => {
    const token = tokens.sign({ ownerUserId: 'u1', alertIds: ['a1'] });
    expect(tokens.verify(token)).toEqual({ ownerUserId: 'u1', alertIds: ['a1'] });
    const altered = [
      `${token}.extra`,
      `${token}.`,
      `${token}..`,
      `x.${token}`,
      `${token}=`,
      `${token} `,
      ` ${token}`,
      `${token}\n`,
      token.replace('.', '..'),
    ];
    for (const text of altered) expect([text, tokens.verify(text)]).toEqual([text, undefined]);
  });
});

describe('alert e-mail', () => {
  let builder: AlertEmailBuilder;
  const tokens = new UnsubscribeTokens('a-test-secret-of-enough-length');
  beforeAll(async () => {
    builder = new AlertEmailBuilder({
      appUrl: 'https://docket.example',
      messageIdDomain: 'docket.example',
      renderer: EmailRenderer.load(),
      unsubscribeToken: (ownerUserId, alertIds) => tokens.sign({ ownerUserId, alertIds }),
    });
  });
  const doc = (i: number) => ({
    documentId: `doc-${i}`,
    title: `Order <${i}> on rates`,
    snippet: `the \uE000tariff\uE001 filing ${i}`,
    docketNumber: '12-345',
    sourceName: 'FERC',
    filingType: 'Order',
    filedAt: new Date('2026-11-20T00:00:00Z'),
    matchedAt: new Date('2026-11-25T07:00:00Z'),
  });
  const base: DeliveryRecord = {
    key: 'digest:u1:daily:2026-11-25T08:00:00.000Z:email',
    kind: 'digest',
    channel: 'email',
    status: 'pending',
    ownerUserId: 'u1',
    ownerEmail: 'ada@example.com',
    alertIds: ['a1', 'a2'],
    endpointId: '',
    hitIds: [],
    hitGroup: '',
    documentCount: 9,
    label: 'daily digest, 25 Nov 2026',
    attempts: 0,
    error: '',
    createdAt: new Date(),
    sections: [
      {
        alertId: 'a1',
        alertName: 'Rate cases',
        alertKind: 'search',
        question: 'What increase is requested?',
        total: 8,
        documents: [1, 2, 3, 4, 5].map(doc),
        answer: [{ text: 'An increase of 4% is requested.', documentIds: ['doc-2', 'doc-9'] }],
      },
      {
        alertId: 'a2',
        alertName: 'Docket 12-345',
        alertKind: 'docket',
        question: '',
        total: 1,
        documents: [doc(6)],
        answer: [],
      },
    ],
  };

  it('a digest: per-alert sections (top documents, snippets, "and N more"), cited answer, manage, unsubscribe', () => {
    const email = builder.build(base);
    expect(email.to).toBe('ada@example.com');
    expect(email.subject).toBe('Your daily digest: 9 new documents for 2 alerts');
    expect(email.html).toContain('Docket Research');
    expect(email.html).toContain('https://docket.example/documents/doc-1');
    expect(email.html).toContain('https://docket.example/alerts/a1');
    expect(email.html).toContain('and 3 more');
    expect(email.html).toContain('the <strong>tariff</strong> filing 1');
    expect(email.html).toContain('Order &lt;1&gt; on rates'); // escaped
    expect(email.html).toContain('An increase of 4% is requested.');
    // A cited document not listed gets the next number.
    expect(email.html).toMatch(/href="https:\/\/docket.example\/documents\/doc-9">\[6\]/u);
    expect(email.html).toContain('https://docket.example/alerts"');
    expect(email.text).toContain('== Rate cases (8 new documents)');
    expect(email.text).toContain('the tariff filing 1');
    expect(email.text).toContain('An increase of 4% is requested. [2] [6]');
    expect(email.text).toContain('Manage your alerts: https://docket.example/alerts');
    const oneClick = /^<https:\/\/docket\.example\/api\/unsubscribe\?token=([^>]+)>$/u.exec(
      email.headers['List-Unsubscribe']!,
    );
    expect(oneClick).not.toBeNull();
    expect(tokens.verify(decodeURIComponent(oneClick![1]!))).toEqual({ ownerUserId: 'u1', alertIds: ['a1', 'a2'] });
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Handlebars escapes '=' in attributes.
    expect(email.html.replaceAll('&#x3D;', '=')).toContain('https://docket.example/unsubscribe?token=u1.');
    expect(email.messageId).toBe(builder.build(base).messageId); // the same delivery, the same Message-ID
  });

  it('a real-time message names the alert and the document', () => {
    const email = builder.build({
      ...base,
      key: 'rt:a1:doc-1:email',
      kind: 'realtime',
      alertIds: ['a1'],
      sections: [{ ...base.sections[0]!, total: 1, documents: [doc(1)], answer: [] }],
    });
    expect(email.subject).toBe('Rate cases: Order <1> on rates');
    expect(email.html).toContain('New filing for “Rate cases”');
    expect(email.html).not.toContain('more</a>');
    expect(email.text).toContain('Stop e-mail for “Rate cases”');
  });
});
