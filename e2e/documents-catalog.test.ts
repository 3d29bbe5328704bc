/**
 * Documents and the catalog as a user walks them in Chromium: the catalog and its freshness, uploading a file and
 * reading it back (text, entities, the original file), an entity's profile, and importing a
 * directory as a process. The stack loaded a small generated corpus at start (stack.global-setup.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { generateCatalog, generateDockets, generateFilings, renderFilingPdf } from '@docket/corpus';
import { civilDocketReport } from '../services/documents/test/fixtures/cmecf-docket-reports';
import { e2eEnv, launchChromium } from './support/browser';

const { baseUrl, adminEmail, adminPassword } = e2eEnv;

let browser: Browser;
let page: Page;
const marker = `quillfeather${randomUUID().slice(0, 8)}`;
const uploadedText =
  `MOTION TO INTERVENE of the ${marker} Ratepayer Alliance. ` +
  'The Alliance asks the Federal Energy Regulatory Commission for party status ' +
  'in the rate case of Northern Plains Power Company, which seeks $12.5 million.';
let documentPath = '';

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ baseURL: baseUrl });
  page.setDefaultTimeout(20_000);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(adminEmail);
  await page.getByTestId('login-password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});

afterAll(async () => {
  await browser?.close();
});

/** The corpus loads in the background after start-up; pages fill in as it does. */
async function reloadUntil(
  url: string,
  ready: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(url);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not appear within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(500); // between two real page loads
  }
}

/** Uploads a file (with its sidecar) on /admin, expects it stored as new, and opens its document page. */
async function uploadAndOpen(file: string, sidecar?: string): Promise<void> {
  await page.goto('/admin');
  await page.getByTestId('upload-input').setInputFiles(file);
  if (sidecar) await page.getByTestId('upload-sidecar').setInputFiles(sidecar);
  await page.getByTestId('upload-submit').click();
  const result = page.getByTestId('upload-result').first();
  await result.waitFor();
  await expect(result.getAttribute('data-outcome')).resolves.toBe('new');
  await result.getByRole('link').click();
  await page.waitForURL(/\/documents\/[0-9a-f]{24}/);
}

test('the catalog lists the sources with their documents, and filters them', async () => {
  await reloadUntil(
    '/catalog?sort=documents',
    async () => (await page.locator('[data-testid="catalog-source-row"]').count()) >= 20,
    'the sources',
  );
  const first = page.getByTestId('catalog-source-row').first();
  await expect(first.textContent()).resolves.toMatch(/\d/);
  // The products defined in code: two computed from the filings and one published by file.
  await expect(page.getByTestId('data-product').count()).resolves.toBe(3);

  await page.getByTestId('catalog-kind').selectOption('court');
  await page.getByTestId('catalog-filter').press('Enter');
  await page.waitForURL(/kind=court/);
  const courts = await page.getByTestId('catalog-source-row').count();
  expect(courts).toBeGreaterThan(0);
  expect(courts).toBeLessThan(20);
});

test('catalog status shows every source with its health and history', async () => {
  await page.goto('/catalog-status');
  const rows = page.getByTestId('catalog-status-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
  const statuses = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  expect(statuses.every((s) => ['healthy', 'lagging', 'failing', 'idle'].includes(s ?? ''))).toBe(true);
  // Seeded sources have run and none failed. Healthy or lagging depends on the hour: the corpus moves
  // by whole days, so a source's newest filing crosses the three-day mark at some time of day.
  expect(statuses.filter((s) => s === 'healthy' || s === 'lagging').length).toBeGreaterThan(5);
  expect(statuses).not.toContain('failing');
});

test('an administrator uploads a file with metadata and opens the stored document', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-upload-'));
  const file = path.join(dir, `${marker}-motion.txt`);
  writeFileSync(file, uploadedText);
  const sidecar = path.join(dir, 'meta.json');
  writeFileSync(
    sidecar,
    JSON.stringify({
      title: `Motion to intervene (${marker})`,
      docketNumber: 'ER24-2001-000',
      filingType: 'Motion',
      filedAt: '2026-11-20',
    }),
  );

  await uploadAndOpen(file, sidecar);
  documentPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('document-title').textContent()).resolves.toContain(marker);
  await expect(page.getByTestId('document-text').textContent()).resolves.toContain('party status');
});

test('the original file is served with its type, and the entities link to profiles', async () => {
  const href = (await page.getByTestId('attachment-link').first().getAttribute('href')) ?? '';
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  expect(response.headers()['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(await response.text()).toBe(uploadedText);

  // Its entities are found in the background, a second or so after it is stored.
  const entity = page.getByTestId('entity-link').filter({ hasText: 'Northern Plains Power Company' }).first();
  await reloadUntil(documentPath, async () => (await entity.count()) > 0, 'the uploaded document’s entities', 20_000);
  await expect(page.getByTestId('entities-pending').count()).resolves.toBe(0);
  await entity.click();
  await page.waitForURL(/\/entities\//);
  await expect(page.getByTestId('entity-name').textContent()).resolves.toContain('Northern Plains Power');
  await page.getByTestId('mentions-chart').waitFor();
  // Profiles are counted a moment after the write.
  await reloadUntil(
    page.url(),
    async () => (await page.locator(`[data-testid="entity-document"] a[href="${documentPath}"]`).count()) > 0,
    'the document on the entity profile',
    20_000,
  );
});

test('an uploaded PDF reads page by page, its text and title taken from the PDF', async () => {
  const catalog = generateCatalog(marker);
  const [filing] = [...generateFilings(marker, catalog, generateDockets(marker, catalog, 1), { count: 1 })];
  if (!filing) throw new Error('the generator made no filing');
  const pages = [1, 2, 3].map(
    (n) =>
      `Page ${n} of the ${marker} order. ` +
      `The Commission accepts the compliance filing of Northern Plains Power Company.`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-'));
  const file = path.join(dir, `${marker}-order.pdf`);
  writeFileSync(file, await renderFilingPdf({ ...filing, title: `Order on compliance (${marker})`, pages }));

  await uploadAndOpen(file);
  await expect(page.getByTestId('document-title').textContent()).resolves.toContain(`Order on compliance (${marker})`);
  const shown = page.getByTestId('text-page');
  await expect(shown.count()).resolves.toBe(3);
  await expect(shown.nth(1).textContent()).resolves.toContain(`Page 2 of the ${marker} order.`);
  // The PDF opens in the browser's viewer under the same sandbox as every file.
  const pdf = await page.request.get((await page.getByTestId('attachment-link').first().getAttribute('href')) ?? '');
  expect([pdf.status(), pdf.headers()['content-type'], pdf.headers()['content-security-policy']]).toEqual([
    200,
    'application/pdf',
    expect.stringMatching(/^sandbox; default-src 'none'/),
  ]);
});

test('what middleware never sees (a missing script) still carries a policy that allows nothing', async () => {
  const missing = await page.request.get('/_next/static/chunks/no-such-chunk.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  // Pages keep middleware's policy with its nonce (one policy, not two).
  const login = await page.request.get('/catalog');
  expect(login.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  expect(login.headers()['content-security-policy']).not.toContain("default-src 'none'; frame-ancestors 'none'");
});

test('a generated filing reads page by page, with its docket and parties', async () => {
  await reloadUntil(
    '/search?q=commission',
    async () => (await page.getByTestId('search-hit-link').count()) > 0,
    'a corpus filing in search',
  );
  await page.getByTestId('search-hit-link').first().click();
  await page.waitForURL(/\/documents\//);
  await page.getByTestId('text-page').first().waitFor();
  await expect(page.getByTestId('parties').isVisible()).resolves.toBe(true);
  // The corpus's entities are found in the background while it loads, within about half a minute.
  await reloadUntil(
    page.url(),
    async () => (await page.getByTestId('entity-link').count()) > 0,
    'its entities',
    60_000,
  );
});

test('a directory import runs as a process and its run shows on catalog status', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'e2e-import-'));
  for (let i = 0; i < 5; i += 1)
    writeFileSync(
      path.join(root, `filing-${i}.txt`),
      `Comment ${i} of the ${marker} coalition on the proposed tariff.`,
    );
  writeFileSync(path.join(root, 'empty.txt'), '');

  await page.goto('/admin');
  await page.getByTestId('import-path').fill(root);
  await page.getByTestId('import-submit').click();
  await page.getByTestId('import-process-link').click();
  await page.waitForURL(/\/processes\/.+/);
  await page.locator('[data-testid="process-status"][data-status="succeeded"]').waitFor({ timeout: 60_000 });
  await expect(page.getByTestId('process-message').textContent()).resolves.toMatch(/5 new.*1 failed/);
  // Not a plain success: the badge says so, and the file that failed is listed with its reason.
  await expect(page.getByTestId('process-status').getAttribute('data-outcome')).resolves.toBe(
    'succeeded_with_failures',
  );
  await expect(page.getByTestId('process-failure').allTextContents()).resolves.toEqual([
    expect.stringMatching(/empty\.txt.*Empty/),
  ]);

  await page.goto('/catalog-status');
  const uploads = page.locator('[data-testid="catalog-status-row"]').filter({ hasText: 'Uploaded and imported files' });
  await expect(uploads.getAttribute('data-status')).resolves.not.toBe('idle');
  await expect(uploads.textContent()).resolves.toContain('empty');
});

test("a court's docket report, imported, is the docket's page: its case, parties and entries, to follow", async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'e2e-docket-'));
  writeFileSync(path.join(root, 'ord-3-21-cv-01234.html'), civilDocketReport);
  await page.goto('/admin');
  await page.getByTestId('import-path').fill(root);
  await page.getByTestId('import-submit').click();
  await page.getByTestId('import-process-link').click();
  await page.waitForURL(/\/processes\/.+/);
  await page.locator('[data-testid="process-status"][data-status="succeeded"]').waitFor({ timeout: 60_000 });

  // An entry, found by its words, says where it stands in its docket and leads to the docket's page.
  await reloadUntil(
    '/search?q=%22COMPLAINT%20against%20Willamette%22',
    async () => (await page.getByTestId('search-hit-link').count()) > 0,
    'the docket entry in search',
  );
  await page.getByTestId('search-hit-link').first().click();
  await page.waitForURL(/\/documents\//);
  await expect(page.getByTestId('docket-entry').textContent()).resolves.toMatch(
    /Docket entry 1 of Cascade Timber Cooperative v\. Willamette Freight Lines, Inc\./,
  );
  await page.getByTestId('docket-entry-link').click();
  await page.waitForURL(/\/entities\//);
  // The docket's profile is counted a moment after its filings are written.
  await reloadUntil(page.url(), async () => (await page.getByTestId('entity-name').count()) > 0, "the docket's page");

  await expect(page.getByTestId('entity-name').textContent()).resolves.toBe(
    'Cascade Timber Cooperative v. Willamette Freight Lines, Inc.',
  );
  const facts = await page.getByTestId('case-fact').allTextContents();
  expect(facts).toEqual(
    expect.arrayContaining([
      'CourtU.S. District Court for the District of Oregon',
      'Docket number3:21-cv-01234',
      'Assigned toAnn B. Carter',
      'Nature of suit190 Contract: Other',
      'Jury demandPlaintiff',
    ]),
  );
  const parties = page.getByTestId('party-row');
  await expect(parties.count()).resolves.toBe(2);
  await expect(parties.first().getByTestId('attorney').textContent()).resolves.toContain('Dana R. Ellis');
  await expect(parties.nth(1).textContent()).resolves.toContain('Oct 1, 2022');
  const entries = page.getByTestId('entry-row');
  await expect(entries.count()).resolves.toBe(2);
  await expect(entries.first().textContent()).resolves.toMatch(
    /^1Apr 2, 2021COMPLAINT against Willamette Freight Lines, Inc\./,
  );
  await expect(page.getByTestId('follow-docket').getAttribute('data-docket')).resolves.toMatch(/^3:21-cv-01234$/i);
  await entries.nth(1).getByTestId('entry-link').click();
  await page.waitForURL(/\/documents\//);
  await expect(page.getByTestId('document-title').textContent()).resolves.toBe(
    'Summons Issued as to Willamette Freight Lines, Inc.',
  );
});
