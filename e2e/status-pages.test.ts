/**
 * Status and error pages as a user meets them in Chromium: unknown processes and missing files are real 404 pages,
 * administrators' pages answer members with 403, the favicon is served, /admin links to the query log
 * and says generative answers are off (so the question box offers no mode), catalog data products
 * are links, and an answer's figures page has no horizontal scrollbar at 1440 px.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eEnv, launchChromium } from './support/browser';

const { baseUrl, adminEmail, adminPassword } = e2eEnv;

let browser: Browser;
let admin: Page;
// Words beyond the e-mail's always: "member-" and hex digits alone can read as built from the address.
const member = {
  email: `member-${randomUUID().slice(0, 8)}@docket.local`,
  password: `tidal quartz ember ${randomUUID()}`,
};

async function signIn(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(90_000); // a page's first render can be slow on a loaded 2-core machine
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/** A mutating BFF call from the signed-in page, with the CSRF token the browser client would send. */
async function post(page: Page, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'drs_csrf')?.value ?? '';
  const response = await page.request.post(path, { data: body, headers: { 'x-csrf-token': decodeURIComponent(csrf) } });
  return { status: response.status(), text: await response.text() };
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await signIn(
    await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } }),
    adminEmail,
    adminPassword,
  );
  const created = await post(admin, '/api/users', {
    email: member.email,
    name: 'Status Pages Member',
    role: 'member',
    password: member.password,
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
});

test('an unknown process is a 404 page, not an endless "Reconnecting…"', async () => {
  for (const id of ['does-not-exist', '00000000-0000-7000-8000-000000000000']) {
    const response = await admin.goto(`/processes/${id}`);
    expect(response?.status()).toBe(404);
    await admin.getByTestId('not-found').waitFor();
  }
});

test('a missing original file is the app’s 404 page; the favicon is served', async () => {
  const response = await admin.goto('/documents/no-such-document/attachment');
  expect(response?.status()).toBe(404);
  await admin.getByTestId('file-not-found').waitFor();
  await expect(admin.locator('nav').first().isVisible()).resolves.toBe(true); // in the app's shell

  const icon = await admin.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/');
});

test('a member who opens an administrators’ page gets HTTP 403', async () => {
  const page = await signIn(await browser.newContext({ baseURL: baseUrl }), member.email, member.password);
  for (const path of ['/admin', '/admin/queries/log']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await page.getByTestId('forbidden').waitFor();
  }
  await page.context().close();
});

test('/admin links to the query log and says generative answers are off; the question box offers no mode', async () => {
  await admin.goto('/admin');
  await expect(admin.getByTestId('generative-answers').getAttribute('data-state')).resolves.toBe('off');
  await admin.getByTestId('query-log-link').click();
  await admin.waitForURL(/\/admin\/queries\/log/);

  const workspace = await post(admin, '/api/workspaces', { name: `Status pages ${randomUUID().slice(0, 6)}` });
  expect(workspace.status).toBe(201);
  const workspaceId = (JSON.parse(workspace.text) as { workspace: { id: string } }).workspace.id;
  await admin.goto(`/workspaces/${workspaceId}/query`);
  await admin.getByTestId('ask-question').waitFor();
  await expect(admin.getByTestId('ask-mode').count()).resolves.toBe(0);

  // An answer's figures fit the 1440 px window: no horizontal scrollbar.
  await admin.getByTestId('ask-question').fill('What rate increase did the utility request?');
  await admin.getByTestId('ask-submit').click();
  await admin.locator('[data-testid="answer"][data-phase="done"]').waitFor({ timeout: 90_000 });
  const answerId = new URL(admin.url()).searchParams.get('answer');
  await admin.goto(`/queries/${answerId}/figures`);
  await admin.locator('.recharts-bar-rectangle').first().waitFor();
  const { scrollWidth, clientWidth } = await admin.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

test('a catalog data product links to its page', async () => {
  await admin.goto('/catalog');
  const card = admin.getByTestId('data-product').first();
  const name = ((await card.locator('h3').textContent()) ?? '').trim();
  await card.getByTestId('data-product-link').click();
  await admin.waitForURL(/\/data-subscriptions\/.+/);
  await admin.getByTestId('data-product-page').waitFor();
  // Its page: the product by name, and the way to subscribe to it.
  await expect(admin.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(name);
  await admin.getByTestId('subscribe-card').waitFor();
});
