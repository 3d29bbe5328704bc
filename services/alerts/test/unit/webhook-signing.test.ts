import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookRetryDelayMs,
} from '../../src/webhooks/retry-schedule';
import { alertWebhookData, webhookBody } from '../../src/webhooks/webhook-payload';
import { newWebhookSecret } from '../../src/webhooks/webhook-secret';

describe('Standard Webhooks signing', () => {
  it("matches the specification's test vector", () => {
    // standard-webhooks/spec: secret, id, timestamp and payload of the reference example.
    const signature = new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').sign(
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1_614_265_330_000),
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of 32 random bytes that the verifier accepts', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
    const at = new Date();
    const body = webhookBody({ type: 'alert.test', payload: { hello: 'world' } }, at);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_1', at, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      type: 'alert.test',
      timestamp: at.toISOString(),
      data: { hello: 'world' },
    });
  });
});

describe('the webhook payload', () => {
  it('carries the alert and each document with a plain snippet, a link, the docket and filing date', () => {
    const data = alertWebhookData(
      { id: 'a1', name: 'Rate cases', kind: 'search' },
      [
        {
          id: 'h1',
          alertId: 'a1',
          documentId: 'd 1',
          title: 'Order on rates',
          snippet: 'the \uE000rate\uE001 case',
          docketNumber: 'UE-1',
          sourceName: 'WUTC',
          filingType: 'Order',
          filedAt: new Date('2026-11-20T00:00:00Z'),
          matchedAt: new Date('2026-11-25T10:00:00Z'),
          deliveryKey: '',
        },
      ],
      'https://app.example.com/',
    );
    expect(data).toEqual({
      alert: { id: 'a1', name: 'Rate cases', kind: 'search', link: 'https://app.example.com/alerts/a1' },
      total: 1,
      documents: [
        {
          id: 'd 1',
          title: 'Order on rates',
          snippet: 'the rate case',
          link: 'https://app.example.com/documents/d%201',
          docket_number: 'UE-1',
          source_name: 'WUTC',
          filing_type: 'Order',
          filed_at: '2026-11-20T00:00:00.000Z',
          matched_at: '2026-11-25T10:00:00.000Z',
        },
      ],
    });
  });
});

describe('the retry schedule', () => {
  it('backs off exponentially-ish as Standard Webhooks advises, over exactly 24 hours', () => {
    const s = 1_000;
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then what is left of 24 h: 6 h 24 min 55 s.
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([
      5 * s,
      300 * s,
      1_800 * s,
      7_200 * s,
      18_000 * s,
      36_000 * s,
      (6 * 3_600 + 24 * 60 + 55) * s,
    ]);
    expect(WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBe(WEBHOOK_RETRY_WINDOW_MS);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
  });

  it('gives the wait after each failed attempt, as BullMQ counts them, and none after the last', () => {
    expect(webhookRetryDelayMs(1)).toBe(5_000);
    expect(webhookRetryDelayMs(2)).toBe(300_000);
    expect(webhookRetryDelayMs(7)).toBe(WEBHOOK_RETRY_DELAYS_MS[6]);
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
    expect(webhookRetryDelayMs(0)).toBeNull();
    expect(webhookRetryDelayMs(1.5)).toBeNull();
  });
});
