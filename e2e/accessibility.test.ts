/**
 * Section 508 as axe-core checks it in Chromium: every page that matters — signed out, searching,
 * reading, following, asking, exporting and administering — has no violation of the WCAG 2.1 A and
 * AA rules, with the data a user would have on it (search results, an answer, a followed docket, an
 * alert, an export). A failure lists each violation's rule, impact, where it is (CSS selectors) and
 * what axe measured. The stack loaded a small generated corpus at start (stack.global-setup.ts).
 * E2E_SCREENSHOT_DIR=… keeps a PNG of each page checked.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@docket/testkit';
import { wcagViolations } from './support/axe';
import { e2eEnv, launchChromium } from './support/browser';
import { createWorkspace, seededCorpusIndexed, signInAsAdmin } from './support/session';

const { baseUrl } = e2eEnv;
const tag = randomUUID().slice(0, 8);
const SEARCH = 'commission';
const QUESTION = `What revenue requirement did the company request? (${tag})`;

// First renders on a freshly started, loaded stack are slow; an answer and an export wait on the services.
jest.setTimeout(180_000);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let workspaceId = '';

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(90_000);
  await signInAsAdmin(page);
  workspaceId = await createWorkspace(page, context, {
    name: `Accessibility ${tag}`,
    description: 'Pages checked against WCAG 2.1 AA',
    defaultFilters: {},
  });
  await seededCorpusIndexed(page);
}, 240_000);

afterAll(async () => {
  // The alert made here would match the filings later browser tests upload, and mail about them.
  if (alertPath && page) {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'drs_csrf')?.value ?? '';
    await page.request.delete(`/api${alertPath}`, { headers: { 'x-csrf-token': csrf } });
  }
  await browser?.close();
});

/**
 * Checks the page once its client parts have run (the bell has its count, the workspace switcher
 * the workspace's name), so axe sees what a user sees.
 */
async function expectAccessible(name: string, target: Page = page): Promise<void> {
  await target.waitForLoadState('load');
  const bell = target.getByTestId('notification-bell');
  if ((await bell.count()) > 0)
    await waitFor(async () => (await bell.getAttribute('data-unread')) !== '', { description: 'the bell to connect' });
  if (/^\/workspaces\/[^/]+\/(search|query|log)/.test(new URL(target.url()).pathname))
    await target.locator('[data-testid="workspace-switcher"]', { hasText: `Accessibility ${tag}` }).waitFor();
  const screenshotDir = process.env.E2E_SCREENSHOT_DIR;
  if (screenshotDir)
    await target.screenshot({
      path: path.join(screenshotDir, `a11y-${name.replace(/\W+/g, '-')}.png`),
      fullPage: true,
    });
  expect({ page: name, violations: await wcagViolations(target) }).toEqual({ page: name, violations: [] });
}

/** The corpus's profiles are counted a moment after their filings are written: reload until shown. */
async function reloadUntil(url: string, ready: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.goto(url);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not appear within 60 s`);
    await page.waitForTimeout(500); // between two real page loads
  }
}

test('the login page', async () => {
  const visitor = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    const visitorPage = await visitor.newPage();
    visitorPage.setDefaultNavigationTimeout(90_000);
    await visitorPage.goto('/login');
    await visitorPage.getByTestId('login-submit').waitFor();
    await expectAccessible('login', visitorPage);
  } finally {
    await visitor.close();
  }
});

let documentPath = '';
let entityPath = '';
let docketPath = '';

test('search results', async () => {
  await page.goto(`/search?q=${SEARCH}`);
  await page.getByTestId('search-hit').nth(1).waitFor();
  documentPath = ((await page.getByTestId('search-hit-link').first().getAttribute('href')) ?? '').split('?')[0]!;
  expect(documentPath).toMatch(/^\/documents\/.+/);
  await expectAccessible('search');
});

test('a document', async () => {
  // The corpus's entities (its docket's among them) are found in the background while it loads.
  await reloadUntil(
    `${documentPath}?q=${SEARCH}`,
    async () => (await page.getByTestId('docket-link').count()) > 0,
    "the document's docket link",
  );
  docketPath = (await page.getByTestId('docket-link').getAttribute('href')) ?? '';
  entityPath = (await page.getByTestId('entity-link').first().getAttribute('href')) ?? '';
  expect([docketPath, entityPath]).toEqual([
    expect.stringMatching(/^\/entities\/.+/),
    expect.stringMatching(/^\/entities\/.+/),
  ]);
  await expectAccessible('document');
});

test('an entity', async () => {
  await reloadUntil(entityPath, async () => (await page.getByTestId('entity-name').count()) > 0, 'the entity');
  await expectAccessible('entity');
});

test('a docket', async () => {
  await reloadUntil(docketPath, async () => (await page.getByTestId('entity-name').count()) > 0, 'the docket');
  await expectAccessible('docket');
});

let dataProductPath = '';

test('the catalog', async () => {
  await page.goto('/catalog');
  await page.getByTestId('catalog-source-row').first().waitFor();
  dataProductPath = (await page.getByTestId('data-product-link').first().getAttribute('href')) ?? '';
  await expectAccessible('catalog');
});

test('catalog status', async () => {
  await page.goto('/catalog-status');
  await page.getByTestId('catalog-status-row').first().waitFor();
  await expectAccessible('catalog-status');
});

test('data subscriptions', async () => {
  await page.goto('/data-subscriptions');
  await expectAccessible('data-subscriptions');
});

test('a data product', async () => {
  expect(dataProductPath).toMatch(/^\/data-subscriptions\/.+/);
  await page.goto(dataProductPath);
  await page.getByTestId('data-product-page').waitFor();
  await expectAccessible('data-product');
});

let alertPath = '';

test('a new alert, saved from a search, with its volume estimate', async () => {
  await page.goto(`/search?q=${SEARCH}`);
  await page.getByTestId('save-as-alert').first().click();
  await page.waitForURL(/\/alerts\/new\?/);
  const form = page.url();
  await page.getByTestId('alert-name').fill(`Commission filings (${tag})`);
  await page.getByTestId('alert-submit').click();
  await page.waitForURL(/\/alerts\/[^/?]+\?created=1/);
  alertPath = new URL(page.url()).pathname;
  await page.getByTestId('alert-created').waitFor();

  await page.goto(form);
  await page.getByTestId('volume-estimate-chart').waitFor();
  await expectAccessible('alert-new');
});

test('an alert', async () => {
  await page.goto(alertPath);
  await page.getByTestId('alert-query').waitFor();
  await expectAccessible('alert');
});

test("an alert's editor", async () => {
  await page.goto(`${alertPath}/edit`);
  await page.getByTestId('alert-submit').waitFor();
  await expectAccessible('alert-edit');
});

test('the alerts list', async () => {
  await page.goto('/alerts');
  await page.getByTestId('alert-row').first().waitFor();
  await expectAccessible('alerts');
});

test('followed dockets', async () => {
  await page.goto(documentPath);
  await page.getByTestId('follow-docket').click();
  await page.getByTestId('docket-following').waitFor();
  await page.goto('/user/preferences/alerts/dockets');
  await page.getByTestId('docket-follow').first().waitFor();
  await expectAccessible('followed-dockets');
});

test('notifications', async () => {
  await page.goto('/notifications');
  await expectAccessible('notifications');
});

test('a new workspace', async () => {
  await page.goto('/workspaces/new');
  await page.getByTestId('agency-option').first().waitFor();
  await expectAccessible('workspace-new');
});

test('a search in a workspace', async () => {
  await page.goto(`/workspaces/${workspaceId}/search?q=${SEARCH}`);
  await page.getByTestId('search-logged').waitFor();
  await page.waitForURL((url) => url.searchParams.has('entry'));
  await expectAccessible('workspace-search');
});

test('a question in a workspace, with its answer', async () => {
  await page.goto(`/workspaces/${workspaceId}/query`);
  await page.getByTestId('ask-question').fill(QUESTION);
  await page.getByTestId('ask-submit').click();
  await page.locator('[data-testid="answer"][data-phase="done"]').waitFor({ timeout: 90_000 });
  await page.getByTestId('citation').first().waitFor();
  await expectAccessible('workspace-query');
});

test("the workspace's log", async () => {
  await page.goto(`/workspaces/${workspaceId}/log`);
  await page.getByTestId('log-row').nth(1).waitFor();
  await expectAccessible('workspace-log');
});

test("a log entry's figures", async () => {
  await page.goto(`/workspaces/${workspaceId}/log`);
  await page.getByTestId('log-row').first().getByTestId('log-entry-link').click();
  await page.waitForURL(/\/log\/[^/]+\/analysis$/);
  await page.getByTestId('tab-figures').click();
  await page.waitForURL(/\/figures$/);
  await page.getByTestId('figure-agency').waitFor();
  await expectAccessible('workspace-log-figures');
});

let exportId = '';

test('the export of a search', async () => {
  await page.goto(`/workspaces/${workspaceId}/log`);
  await page
    .getByTestId('log-row')
    .filter({ has: page.getByTestId('log-entry-link').getByText(SEARCH, { exact: true }) })
    .getByTestId('log-export')
    .click();
  await page.waitForURL(new RegExp(`/export/workspace/${workspaceId}/request/[^/?]+$`));
  await page.getByTestId('export-estimate').waitFor();
  await expectAccessible('export');
});

test("an export's process", async () => {
  await page.getByTestId('export-start').click();
  const progress = page.getByTestId('export-progress');
  await progress.waitFor();
  await waitFor(async () => (await progress.getAttribute('data-status')) === 'succeeded', {
    description: 'the export to finish',
    timeoutMs: 120_000,
    intervalMs: 250,
  });
  exportId = (await progress.getAttribute('data-export-id')) ?? '';
  await page.goto(`/processes/${encodeURIComponent(exportId)}`);
  await page.getByTestId('export-download').waitFor();
  await expectAccessible('process');
});

test('processes', async () => {
  await page.goto('/processes');
  await page.getByTestId('process-table').waitFor();
  await expectAccessible('processes');
});

test('exports', async () => {
  await page.goto('/exports');
  await page.getByTestId('export-row').first().waitFor();
  await expectAccessible('exports');
});

test('administration', async () => {
  await page.goto('/admin');
  await page.getByTestId('reindex-button').waitFor();
  await expectAccessible('admin');
});

test('accounts', async () => {
  await page.goto('/accounts');
  await page.getByRole('form', { name: 'Add a person' }).waitFor();
  await expectAccessible('accounts');
});

test("the administrators' query log", async () => {
  await page.goto('/admin/queries/log');
  await page.getByTestId('query-log-row').first().waitFor();
  await expectAccessible('admin-query-log');
});
