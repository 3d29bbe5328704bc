/**
 * The rate-case tracker as an analyst meets it in Chromium: computed by the query-engine from the
 * loaded filings as monthly releases, each cell read from a filing; hovering a cell shows the
 * sentence it was read from, and following it opens the filing at that sentence; the change log
 * between two months is computed from the rows.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@docket/testkit';
import { wcagViolations } from './support/axe';
import { e2eEnv, launchChromium } from './support/browser';
import { signInAsAdmin } from './support/session';

const PRODUCT = '/data-subscriptions/rate-case-tracker';

// The tracker is computed once the loaded corpus is indexed; the first look may find it still loading.
jest.setTimeout(240_000);

let browser: Browser;
let page: Page;

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

test('the tracker holds monthly releases computed from the filings, each cell citing its sentence', async () => {
  const releases = await waitFor(
    async () => {
      const response = await page.request.get(`/api${PRODUCT.replace('/data-subscriptions', '/data-products')}`);
      const body = (await response.json()) as { releases?: { asOf: string; rows: number }[] };
      return (body.releases?.length ?? 0) >= 2 ? body.releases : undefined;
    },
    { timeoutMs: 200_000, intervalMs: 2_000, description: 'two releases of the rate-case tracker' },
  );
  // Newest first, one per month-end.
  expect(releases.map((r) => r.asOf)).toEqual([...releases.map((r) => r.asOf)].sort().reverse());
  expect(releases.every((r) => /-(28|29|30|31)$/.test(r.asOf))).toBe(true);

  await page.goto(`${PRODUCT}?sort=requested_increase&desc=true`);
  const table = page.getByTestId('release-table');
  await table.waitFor();
  // The citations are on the cells, not a column of their own.
  await expect(table.locator('thead').textContent()).resolves.not.toContain('Sources');
  const cited = table.getByTestId('cited-cell').filter({ hasText: '$' }).first();
  await cited.hover();
  const tooltip = page
    .getByRole('tooltip')
    .filter({ hasText: /\$[\d,.]+/ })
    .first();
  await tooltip.waitFor();
  const quote = (await tooltip.locator('q').textContent()) ?? '';
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, 'rate-case-tracker.png') });
  expect(quote.length).toBeGreaterThan(20);
  expect({ page: 'tracker', violations: await wcagViolations(page) }).toEqual({ page: 'tracker', violations: [] });

  // A row leads to its docket's filings.
  const filings = table.getByRole('link', { name: /^Filings in docket / }).first();
  await expect(filings.getAttribute('href')).resolves.toMatch(/^\/search\?docket=.+&agency=/);

  const documentId = await cited.getAttribute('data-document-id');
  await cited.click();
  await page.waitForURL(new RegExp(`/documents/${documentId}\\?page=\\d+&at=\\d+-\\d+`));
  const highlighted = page.locator('#cited');
  await highlighted.waitFor();
  // The filing opens at the very sentence the cell was read from.
  const words = quote.split(/\s+/).slice(0, 6).join(' ');
  await expect(highlighted.textContent().then((t) => (t ?? '').replace(/\s+/g, ' '))).resolves.toContain(words);

  await page.goto(`${PRODUCT}/change-log`);
  await page.getByTestId('change-log-page').waitFor();
  await expect(page.getByTestId('change-log-release').first().textContent()).resolves.toMatch(
    /proceeding|moved|stated|up|down|No changes/,
  );
});
