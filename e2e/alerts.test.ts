/**
 * Alerts as a user walks them in Chromium: save a search as an alert (its volume estimate counted
 * from the index), a matching upload raises the bell live and its notification opens the document,
 * the alert's page shows the hit; follow a docket from a filing and manage it on
 * /user/preferences/alerts/dockets; another user cannot open the alert. The whole stack runs for real.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@docket/testkit';
import { e2eEnv, launchChromium } from './support/browser';
import { header, waitForEmail } from './support/mail';
import { signInAsAdmin } from './support/session';

const { baseUrl } = e2eEnv;

// First renders on a freshly started, loaded stack are slow; each step also waits on Kafka and the index.
jest.setTimeout(180_000);

let browser: Browser;
let context: BrowserContext;
let page: Page;

// Optional: E2E_SCREENSHOT_DIR=… keeps a PNG of each page the journey looks at.
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;
async function shot(name: string, target: Page = page): Promise<void> {
  if (screenshotDir) await target.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(90_000);
  await signInAsAdmin(page);
});

afterAll(async () => {
  await browser?.close();
});

const marker = `larkspurite${randomUUID().slice(0, 8)}`;
const docketNumber = `ER26-${Math.floor(1000 + Math.random() * 8999)}-000`;
const today = new Date().toISOString().slice(0, 10);
let firstDocumentPath = '';
let alertPath = '';

/** Uploads a text filing through the admin page (as an administrator does) and returns its page's path. */
async function upload(name: string, text: string, meta: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-alerts-'));
  const file = path.join(dir, `${name}.txt`);
  writeFileSync(file, text);
  const sidecar = path.join(dir, 'meta.json');
  writeFileSync(sidecar, JSON.stringify(meta));
  await page.goto('/admin');
  await page.getByTestId('upload-input').setInputFiles(file);
  await page.getByTestId('upload-sidecar').setInputFiles(sidecar);
  await page.getByTestId('upload-submit').click();
  const result = page.getByTestId('upload-result').first();
  await result.waitFor();
  expect(await result.getAttribute('data-outcome')).toBe('new');
  const href = (await result.getByRole('link').getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/documents\/.+/);
  return href.split('?')[0]!;
}

/** How many documents a search finds (a read through the BFF, as the page makes it). */
async function searchTotal(q: string): Promise<number> {
  const res = await page.request.get(`/api/search?q=${encodeURIComponent(q)}`);
  return res.ok() ? ((await res.json()) as { total: number }).total : 0;
}

test('a search is saved as an alert from the search page, its volume estimate counted from the index', async () => {
  firstDocumentPath = await upload(
    `${marker}-petition`,
    `PETITION of the ${marker} Cooperative for a rate increase. ` +
      `The Cooperative asks the Commission to approve new rates.`,
    {
      title: `Petition for a rate increase (${marker})`,
      docketNumber,
      filingType: 'Petition',
      filedAt: today,
    },
  );
  await waitFor(async () => (await searchTotal(marker)) >= 1, {
    description: 'the first filing to be indexed',
    timeoutMs: 60_000,
    intervalMs: 500,
  });

  await page.goto(`/search?q=${marker}`);
  await page.getByTestId('save-as-alert').click();
  await page.waitForURL(/\/alerts\/new\?/);
  await expect(page.getByTestId('alert-query').inputValue()).resolves.toBe(marker);
  await expect(page.getByTestId('alert-name').inputValue()).resolves.toBe(marker);
  // The estimate: the one filing of today, within the last 30 days.
  const total = page.getByTestId('volume-estimate-total');
  await total.waitFor();
  await expect(total.getAttribute('data-total')).resolves.toBe('1');
  await page.getByTestId('volume-estimate-chart').waitFor();
  await shot('alert-new');

  await page.getByTestId('alert-name').fill(`Rate petitions (${marker})`);
  await page.getByTestId('alert-submit').click();
  await page.waitForURL(/\/alerts\/[^/?]+\?created=1/);
  alertPath = new URL(page.url()).pathname;
  await page.getByTestId('alert-created').waitFor();
  await expect(page.getByTestId('alert-schedule').textContent()).resolves.toBe('Real-time');
  await expect(page.getByTestId('alert-query').textContent()).resolves.toBe(marker);
});

test('a malformed query is refused on the form with its column, before anything is saved', async () => {
  await page.goto('/alerts/new');
  await page.getByTestId('alert-name').fill('Broken query');
  await page.getByTestId('alert-query').fill(`${marker} AND (rates`);
  await page.getByTestId('alert-submit').click();
  await expect(page.locator('#alert-query-error').textContent()).resolves.toMatch(/column \d+/);
  expect(new URL(page.url()).pathname).toBe('/alerts/new');
});

test('a matching upload raises the bell live, and its notification opens the document', async () => {
  await page.goto('/alerts');
  const bell = page.getByTestId('notification-bell');
  await waitFor(async () => (await bell.getAttribute('data-unread')) !== '', { description: 'the bell to connect' });
  const before = Number(await bell.getAttribute('data-unread'));

  const secondPath = await upload(
    `${marker}-order`,
    `ORDER on the ${marker} Cooperative petition. The Commission grants the requested rate increase in part.`,
    {
      title: `Order on the rate petition (${marker})`,
      docketNumber,
      filingType: 'Order',
      filedAt: today,
    },
  );
  // The upload page stays open: the bell on it counts up without a reload.
  await waitFor(async () => Number(await bell.getAttribute('data-unread')) > before, {
    description: 'the bell to count the new notification',
    timeoutMs: 60_000,
    intervalMs: 250,
  });
  await shot('bell');

  await bell.click();
  await page.waitForURL(/\/notifications$/);
  const notification = page.getByTestId('notification').filter({ hasText: marker }).first();
  await expect(notification.getAttribute('data-read')).resolves.toBe('false');
  await shot('notifications');
  await notification.getByTestId('notification-link').click();
  await page.waitForURL((url) => url.pathname === secondPath);
  await expect(page.getByTestId('document-title').textContent()).resolves.toContain(marker);

  // The alert's page lists the hit with its marked snippet.
  await page.goto(alertPath);
  const hit = page.getByTestId('alert-hit').filter({ hasText: 'Order on the rate petition' });
  await hit.waitFor();
  await expect(hit.locator('mark').first().textContent()).resolves.toMatch(new RegExp(marker, 'i'));
  // The in-app message that carried it is in the delivery history.
  await page.locator('[data-testid="alert-delivery"][data-channel="in_app"][data-status="sent"]').first().waitFor();
  await shot('alert-detail');
});

test("the alert's e-mail arrives; its unsubscribe link stops that alert's e-mail without signing in", async () => {
  const email = await waitForEmail(
    (m) =>
      m.to.some((t) => t.address === e2eEnv.adminEmail) &&
      // This alert's own e-mail: another alert may match the same filing.
      m.subject.startsWith(`Rate petitions (${marker})`) &&
      `${m.subject} ${m.text ?? ''}`.includes('Order on the rate petition') &&
      `${m.text ?? ''}${m.html ?? ''}`.includes(marker),
    'the real-time e-mail of the alert',
  );
  expect(email.html).toContain('/documents/');
  expect(header(email, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const listUnsubscribe = /<(https?:[^>]+)>/.exec(header(email, 'List-Unsubscribe'))?.[1] ?? '';
  expect(listUnsubscribe).toMatch(/\/api\/unsubscribe\?token=/);
  // The page people open from the e-mail's footer: same token, no session (a fresh browser).
  const token = new URL(listUnsubscribe).searchParams.get('token') ?? '';
  const visitor = await browser.newContext({ baseURL: baseUrl });
  try {
    const visitorPage = await visitor.newPage();
    visitorPage.setDefaultNavigationTimeout(90_000);
    await visitorPage.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(visitorPage.getByTestId('unsubscribe-alert').textContent()).resolves.toContain(
      `Rate petitions (${marker})`,
    );
    await shot('unsubscribe', visitorPage);
    await visitorPage.getByTestId('unsubscribe-confirm').click();
    await visitorPage.getByTestId('unsubscribe-done').waitFor();
    // A mail client's RFC 8058 one-click POST to the List-Unsubscribe address works too (repeating is fine).
    const oneClick = await visitorPage.request.post(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status()).toBe(200);
    expect(((await oneClick.json()) as { unsubscribed: boolean }).unsubscribed).toBe(true);
    // The link now says e-mail for the alert is off.
    const described = await visitorPage.request.get(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(((await described.json()) as { unsubscribed: boolean }).unsubscribed).toBe(true);
  } finally {
    await visitor.close();
  }
});

test('the alert is paused and resumed, and a test is sent from its page', async () => {
  await page.goto(alertPath);
  await page.getByTestId('alert-pause').click();
  await page.getByTestId('alert-paused').waitFor();
  await page.getByTestId('alert-resume').click();
  await page.getByTestId('alert-pause').waitFor();

  await page.getByTestId('alert-send-test').click();
  await expect(page.getByTestId('alert-test-sent').textContent()).resolves.toMatch(/Test sent on .*in-app/);
});

test('a docket is followed from a filing and managed on the followed-dockets page', async () => {
  await page.goto(firstDocumentPath);
  await page.getByTestId('follow-docket').click();
  await page.getByTestId('docket-following').waitFor();

  await page.goto('/user/preferences/alerts/dockets');
  const row = page.locator(`[data-testid="docket-follow"][data-docket="${docketNumber}"]`);
  await row.waitFor();
  await row.getByTestId('docket-follow-cadence').selectOption('daily');
  await waitFor(
    async () => {
      const follows = await page.request.get('/api/docket-follows');
      const list = (
        (await follows.json()) as {
          alerts: { docket: { docketNumber: string } | null; definition: { schedule: { cadence: string } } }[];
        }
      ).alerts;
      return list.find((a) => a.docket?.docketNumber === docketNumber)?.definition.schedule.cadence === 'daily';
    },
    { description: 'the follow to become a daily digest' },
  );
  await page.reload();
  await expect(row.getByTestId('docket-follow-cadence').inputValue()).resolves.toBe('daily');
  await shot('docket-follows');

  await row.getByTestId('docket-unfollow').click();
  await row.waitFor({ state: 'detached' });
  await page.goto(firstDocumentPath);
  await page.getByTestId('follow-docket').waitFor();
});

test('a webhook endpoint on a private address is refused on the webhooks page, naming the URL', async () => {
  await page.goto('/alerts/webhooks');
  await page.getByTestId('webhook-url').fill('http://127.0.0.1:9/hook');
  await page.getByTestId('webhook-add').click();
  await expect(page.locator('#webhook-url-error').textContent()).resolves.toMatch(/private or internal networks/);
  await expect(page.getByTestId('webhook-endpoint').count()).resolves.toBe(0);
  await shot('webhooks-refused');
});

test("another user cannot open the first user's alert: the page and the API answer 404", async () => {
  const email = `alerts-member-${randomUUID().slice(0, 8)}@docket.local`;
  const password = 'member password for alerts';
  const csrf = (await context.cookies()).find((c) => c.name === 'drs_csrf')?.value ?? '';
  const created = await page.request.post('/api/users', {
    headers: { 'x-csrf-token': csrf },
    data: { email, name: 'Alerts member', role: 'member', password },
  });
  expect(created.status()).toBe(201);

  const other = await browser.newContext({ baseURL: baseUrl });
  try {
    const otherPage = await other.newPage();
    otherPage.setDefaultNavigationTimeout(90_000);
    await otherPage.goto('/login');
    await otherPage.getByTestId('login-email').fill(email);
    await otherPage.getByTestId('login-password').fill(password);
    await otherPage.getByTestId('login-submit').click();
    await otherPage.waitForURL((url) => !url.pathname.startsWith('/login'));

    const response = await otherPage.goto(alertPath);
    expect(response?.status()).toBe(404);
    const api = await otherPage.request.get(`/api${alertPath}`);
    expect(api.status()).toBe(404);
    await otherPage.goto('/alerts');
    await expect(otherPage.getByTestId('alert-row').count()).resolves.toBe(0);
  } finally {
    await other.close();
  }
});
