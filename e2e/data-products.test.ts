/**
 * A data product as an administrator and an analyst meet it in Chromium: a release published from a
 * CSV file on the product's page, a file with a bad row refused with its line and column, a second
 * release with its change log computed from the rows, the table filtered and sorted on the server,
 * and the change log drilled down to the rows a release changed (old → new); a subscription with a
 * filter told of a release that changed its rows, in the bell, its notification opening the change log.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@docket/testkit';
import { wcagViolations } from './support/axe';
import { e2eEnv, launchChromium } from './support/browser';
import { signInAsAdmin } from './support/session';

const PRODUCT = '/data-subscriptions/tariff-changes';
const HEADER = 'tariff_id,utility,state,service_class,effective_date,rate,rate_unit,status';
const MAY = [
  HEADER,
  'NY-CE-1,Con Edison,NY,residential,2025-05-01,0.2211,kWh,effective',
  'NY-CE-2,Con Edison,NY,commercial,2025-05-01,0.1987,kWh,effective',
  'PA-PP-1,PPL Electric,PA,residential,2025-06-01,0.1450,kWh,proposed',
].join('\n');
const JUNE = [
  HEADER,
  'NY-CE-1,Con Edison,NY,residential,2025-05-01,0.2299,kWh,effective',
  'PA-PP-1,PPL Electric,PA,residential,2025-07-01,0.1450,kWh,suspended',
  'CA-PG-1,PG&E,CA,residential,2025-06-15,0.3410,kWh,effective',
].join('\n');

// First renders on a freshly started, loaded stack are slow.
jest.setTimeout(180_000);

let browser: Browser;
let page: Page;

/** No WCAG 2.1 A/AA violation on the page as shown (and a screenshot when E2E_SCREENSHOT_DIR is set). */
async function expectAccessible(name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `data-products-${name}.png`), fullPage: true });
  expect({ page: name, violations: await wcagViolations(page) }).toEqual({ page: name, violations: [] });
}

beforeAll(async () => {
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: e2eEnv.baseUrl, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(90_000);
  await signInAsAdmin(page);
});

afterAll(async () => {
  await browser?.close();
});

async function publish(name: string, text: string, version: string): Promise<void> {
  await page.getByLabel('File').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByLabel(/^Version/).fill(version);
  await page.getByTestId('publish-submit').click();
}

test('an administrator publishes releases from files; a bad row is refused by line and column', async () => {
  await page.goto(PRODUCT);
  await page.getByTestId('data-product-page').waitFor();
  await publish('may.csv', MAY, '2025-05');
  await expect(page.getByTestId('publish-done').textContent()).resolves.toContain('Published release 2025-05 (3 rows)');
  await page.getByTestId('release-table').waitFor();

  await publish('bad.csv', MAY.replace('0.1987', 'n/a'), '2025-06');
  await expect(page.getByTestId('publish-issues').textContent()).resolves.toContain(
    'line 3, rate: must be a number, not "n/a"',
  );

  await publish('june.csv', JUNE, '2025-06');
  await expect(page.getByTestId('publish-done').textContent()).resolves.toContain(
    '1 new tariff sheet, 1 tariff sheet removed',
  );
  await expectAccessible('product');
});

test('the table is filtered and sorted on the server, and the change log shows old → new', async () => {
  await page.goto(`${PRODUCT}?filter=state%3DNY&filter=state%3DCA&sort=rate&desc=true`);
  const cells = page.getByTestId('release-table').locator('tbody tr td:first-child');
  await expect(cells.allTextContents()).resolves.toEqual(['CA-PG-1', 'NY-CE-1']);
  await expect(page.getByTestId('release-table').locator('tbody tr').first().textContent()).resolves.toContain(
    '$0.341',
  );

  const download = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]).then(([file]) => file);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(
    csv
      .trim()
      .split('\n')
      .map((line) => line.split(',')[0]),
  ).toEqual(['tariff_id', 'CA-PG-1', 'NY-CE-1']);

  await page.getByRole('link', { name: 'Change log' }).click();
  await page.getByTestId('change-log-page').waitFor();
  const newest = page.getByTestId('change-log-release').first();
  await expect(newest.textContent()).resolves.toContain('1 tariff sheet removed');
  await newest.getByRole('link', { name: /changed$/ }).click();
  const changed = page.getByTestId('changed-rows');
  await changed.waitFor();
  await expect(changed.textContent()).resolves.toContain('Rate: $0.2211 → $0.2299');
  await expect(changed.textContent()).resolves.toContain('Status: proposed → suspended');
  await expectAccessible('change-log');
  await page.goto('/data-subscriptions');
  await expect(page.getByTestId('data-subscriptions-page').textContent()).resolves.toContain('Tariff changes');
  await expectAccessible('list');
});

test('a wrong product is a 404 page; a filter on a column the release lacks says so beside the table', async () => {
  const response = await page.goto('/data-subscriptions/no-such-product');
  expect(response?.status()).toBe(404);
  await page.getByTestId('not-found').waitFor();

  await page.goto(`${PRODUCT}?filter=${encodeURIComponent('nope=1')}`);
  await expect(page.getByRole('alert').first().textContent()).resolves.toContain('is not a column of this release');
  await page.reload();
  await expect(page.getByRole('alert').first().textContent()).resolves.toContain('is not a column of this release');
});

test('the summary counts the latest release, draws its charts and downloads it as XLSX', async () => {
  await page.goto(`${PRODUCT}/summary`);
  await page.getByTestId('data-product-summary-page').waitFor();
  // June, the latest release published above: three tariff sheets, two of them effective.
  await expect(page.getByTestId('summary-rows').textContent()).resolves.toBe('3');
  await expect(page.getByTestId('summary-releases').textContent()).resolves.toBe('2');
  const effective = page.getByTestId('coverage-status').locator('tbody tr').filter({ hasText: 'effective' });
  await expect(effective.locator('td').first().textContent()).resolves.toBe('2');
  const charts = page.locator('[data-testid^="chart-"]');
  await charts.first().locator('svg').first().waitFor();
  await page.screenshot({ path: process.env.E2E_SUMMARY_SCREENSHOT ?? '/tmp/summary.png', fullPage: true });
  // Rows, changes, and the rate's sum: each drawn (its legend's icons are svgs too, so the chart's own).
  const count = await charts.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < count; i += 1) {
    await expect(charts.nth(i).locator('.recharts-wrapper > svg').count()).resolves.toBe(1);
  }
  await expectAccessible('summary');

  const href = await page.getByRole('link', { name: 'Download XLSX' }).getAttribute('href');
  const xlsx = await page.request.get(href!);
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect((await xlsx.body()).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('a subscriber with a filter is told of a release changing its rows; the bell opens the change log', async () => {
  await page.goto(PRODUCT);
  const card = page.getByTestId('subscribe-card');
  await card.getByLabel('Filter column').selectOption('state');
  await card.getByLabel('Filter values').fill('NY');
  await card.getByTestId('subscribe-submit').click();
  await expect(card.getByTestId('subscribed-filter').textContent()).resolves.toBe('state is NY');
  await expect(card.getByTestId('subscribed-channels').textContent()).resolves.toBe('In-app');
  await expectAccessible('subscribed');

  const bell = page.getByTestId('notification-bell');
  await waitFor(async () => (await bell.getAttribute('data-unread')) !== '', { description: 'the bell to connect' });
  const before = Number(await bell.getAttribute('data-unread'));
  // July: the New York tariff's rate moves; the subscriber's rows changed.
  await publish('july.csv', JUNE.replace('0.2299', '0.2350'), '2025-07');
  await expect(page.getByTestId('publish-done').textContent()).resolves.toContain('Published release 2025-07');
  await waitFor(async () => Number(await bell.getAttribute('data-unread')) > before, {
    description: 'the bell to count the release notification',
    timeoutMs: 60_000,
    intervalMs: 250,
  });

  await bell.click();
  await page.waitForURL(/\/notifications$/);
  const notification = page.getByTestId('notification').filter({ hasText: 'release 2025-07 published' }).first();
  await expect(notification.textContent()).resolves.toContain('Rows where state is NY: ');
  await notification.getByTestId('notification-link').click();
  await page.waitForURL((url) => url.pathname === `${PRODUCT}/change-log` && url.searchParams.has('release'));
  await page.getByTestId('change-log-page').waitFor();
  await expect(page.getByTestId('change-log-release').first().textContent()).resolves.toContain('2025-07');

  await page.goto('/data-subscriptions');
  const mine = page.getByTestId('data-subscription').filter({ hasText: 'Tariff changes' });
  await expect(mine.textContent()).resolves.toContain('In-app · state is NY');
  await expectAccessible('subscriptions');
  page.once('dialog', (dialog) => void dialog.accept());
  await mine.getByTestId('unsubscribe').click();
  await mine.waitFor({ state: 'detached' });
});
