/**
 * The walking skeleton, as a user walks it in Chromium: sign in, add a document, find it by search
 * (it reaches the index through Kafka), open it, re-index and watch the process finish, sign out.
 * The whole stack runs for real (see stack.global-setup.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { e2eEnv, launchChromium } from './support/browser';

const { baseUrl, adminEmail, adminPassword } = e2eEnv;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ baseURL: baseUrl });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await browser?.close();
});

const marker = `zephyrine${randomUUID().slice(0, 8)}`;
const title = `Order approving the ${marker} tariff revision`;
let documentPath = '';

test('an unauthenticated visitor is sent to the login page', async () => {
  await page.goto('/admin');
  await page.waitForURL(/\/login/);
  await expect(page.getByTestId('login-submit').isVisible()).resolves.toBe(true);
});

test('a wrong password is refused with a clear message', async () => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(adminEmail);
  await page.getByTestId('login-password').fill('definitely-not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error').textContent()).resolves.toMatch(/incorrect/i);
  expect(new URL(page.url()).pathname).toBe('/login');
});

test('the administrator signs in', async () => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(adminEmail);
  await page.getByTestId('login-password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(page.getByTestId('user-menu').isVisible()).resolves.toBe(true);
});

test('the administrator adds a document', async () => {
  await page.goto('/admin');
  await page.getByTestId('doc-title').fill(title);
  await page.getByTestId('doc-docket-number').fill('ER24-1234-000');
  await page
    .getByTestId('doc-text')
    .fill(
      `The Commission approves the ${marker} tariff revision filed by Northern Plains Power Co. ` +
        'The revised rates take effect on 1 July 2025 and increase revenues by $4.2 million (3.1%).',
    );
  await page.getByTestId('doc-submit').click();
  const link = page.getByTestId('new-document-link');
  await link.waitFor();
  documentPath = (await link.getAttribute('href')) ?? '';
  expect(documentPath).toMatch(/^\/documents\/.+/);
});

test('the document is found by search once the index has caught up', async () => {
  // Indexing is asynchronous (documents → Kafka → query-engine): search until it shows up.
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(`/search?q=${marker}`);
    if ((await page.getByTestId('search-hit-link').count()) > 0) break;
    if (Date.now() > deadline) throw new Error(`document "${title}" not found by search within 30 s`);
    await page.waitForTimeout(250); // poll interval between two real searches
  }
  const result = page.getByTestId('search-hit-link').first();
  await expect(result.textContent()).resolves.toContain(marker);
  await result.click();
  await page.waitForURL(/\/documents\//);
  expect(new URL(page.url()).pathname).toBe(documentPath);
});

test('the document page shows the text with the search term highlighted', async () => {
  await expect(page.getByTestId('document-title').textContent()).resolves.toContain(marker);
  await expect(page.getByTestId('document-text').locator('mark').first().textContent()).resolves.toMatch(
    new RegExp(marker, 'i'),
  );
});

test('a re-index runs as a process whose progress is visible live until it succeeds', async () => {
  await page.goto('/admin');
  await page.getByTestId('reindex-button').click();
  await page.waitForURL(/\/processes\/.+/);
  await page.locator('[data-testid="process-status"][data-status="succeeded"]').waitFor({ timeout: 60_000 });
  await expect(page.getByTestId('process-counts').textContent()).resolves.toMatch(/of .* done|done/);
  // The rebuilt index still finds the document.
  await page.goto(`/search?q=${marker}`);
  await expect(page.getByTestId('search-hit-link').count()).resolves.toBeGreaterThan(0);
});

const invitedEmail = `invited-${randomUUID().slice(0, 8)}@docket.local`;
let temporaryPassword = '';

test('the administrator invites another administrator, who gets a one-time password', async () => {
  await page.goto('/accounts');
  const form = page.getByRole('form', { name: 'Add a person' });
  await form.getByLabel('E-mail').fill(invitedEmail);
  await form.getByLabel('Name').fill('Invited Administrator');
  await form.getByLabel('Role').selectOption('admin');
  await form.getByRole('button', { name: 'Add person' }).click();
  temporaryPassword = ((await page.getByTestId('temporary-password').textContent()) ?? '').trim();
  expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
});

test('signing out ends the session', async () => {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL(/\/login/);
  await page.goto('/admin');
  await page.waitForURL(/\/login/);
});

test('the invited administrator must replace the one-time password before anything else opens', async () => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(invitedEmail);
  await page.getByTestId('login-password').fill(temporaryPassword);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('must-change-password').waitFor();
  await page.goto('/admin');
  await page.waitForURL(/\/accounts/); // every other page sends them back here

  const ownPassword = 'invited administrator password';
  await page.getByTestId('current-password').fill(temporaryPassword);
  await page.getByTestId('new-password').fill(ownPassword);
  await page.getByTestId('confirm-password').fill(ownPassword);
  await page.getByTestId('password-submit').click();
  await page.getByTestId('must-change-password').waitFor({ state: 'detached' });
  await page.goto('/admin');
  await page.getByTestId('reindex-button').waitFor();
});
