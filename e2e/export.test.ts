/**
 * Exports as a user walks them in Chromium: from a workspace's log, export a search to CSV (every
 * matching document, not only the first page) and a question to DOCX, watch each export's progress,
 * download the files and open them (the CSV parsed, the DOCX's text read); the whole workspace as a
 * ZIP from its header (index page, a folder per request); the signed link resumes
 * (HTTP Range); /exports lists both; someone who is not a member of the workspace gets 404 for the
 * export page and the link. The whole stack runs for real.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@docket/testkit';
import { e2eEnv, launchChromium } from './support/browser';
import { createWorkspace, seededCorpusIndexed, signInAsAdmin } from './support/session';

const { baseUrl } = e2eEnv;
const tag = randomUUID().slice(0, 8);
const SEARCH = 'commission';
const QUESTION = `What revenue requirement did the company request? (${tag})`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let workspaceId = '';
let searchTotal = 0;
let csvLink = '';
let csvBytes: Buffer = Buffer.alloc(0);
let csvExportId = '';
let csvFileName = '';

// Optional: E2E_SCREENSHOT_DIR=… keeps a PNG of each page the journey looks at.
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;
async function shot(name: string): Promise<void> {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `export-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(90_000);
  await signInAsAdmin(page);
  workspaceId = await createWorkspace(page, context, {
    name: `Exports ${tag}`,
    description: 'Files to take away',
    defaultFilters: {},
  });
  // The search's total must not grow between the search and its export.
  await seededCorpusIndexed(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** The log's row of the request whose text is `text`. */
async function logRow(text: string) {
  await page.goto(`/workspaces/${workspaceId}/log`);
  const row = page
    .getByTestId('log-row')
    .filter({ has: page.getByTestId('log-entry-link').getByText(text, { exact: true }) });
  await row.waitFor();
  return row;
}

/** Starts the export shown on the page with `format`, and waits until its file is ready; the export's id. */
async function exportAs(format: string, unit: RegExp): Promise<string> {
  const choice = page.getByTestId(`export-format-${format}`);
  await choice.click();
  await waitFor(async () => (await choice.getAttribute('data-selected')) === 'true', {
    description: `${format} to be chosen`,
  });
  await page.getByTestId('export-estimate').waitFor();
  await shot(`choices-${format}`);
  await page.getByTestId('export-start').click();
  await page.waitForURL((url) => url.searchParams.has('export'));
  const progress = page.getByTestId('export-progress');
  await progress.waitFor();
  // Live progress: the status and counts change on the page without a reload, until the file is ready.
  await waitFor(async () => (await progress.getAttribute('data-status')) === 'succeeded', {
    description: `the ${format} export to finish`,
    timeoutMs: 120_000,
    intervalMs: 250,
  });
  await expect(page.getByTestId('export-counts').textContent()).resolves.toMatch(unit);
  await expect(page.getByTestId('export-bar').getAttribute('aria-valuenow')).resolves.toBe('100');
  await shot(`ready-${format}`);
  return (await progress.getAttribute('data-export-id')) ?? '';
}

/** Clicks Download and returns the file's name and bytes. */
async function download(): Promise<{ name: string; bytes: Buffer; href: string }> {
  const link = page.getByTestId('export-download');
  const href = (await link.getAttribute('href')) ?? '';
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(saved), href };
}

test('a workspace search is exported to CSV from its log entry: every match, not only the first page', async () => {
  await page.goto(`/workspaces/${workspaceId}/search?q=${SEARCH}`);
  await page.getByTestId('search-total').waitFor();
  // Kept in the workspace's log once the page has recorded it (the address then names its entry).
  await page.getByTestId('search-logged').waitFor();
  await page.waitForURL((url) => url.searchParams.has('entry'));
  searchTotal = Number(
    ((await page.getByTestId('search-total').locator('strong').textContent()) ?? '').replace(/[^\d]/g, ''),
  );
  expect(searchTotal).toBeGreaterThan(await page.getByTestId('search-hit').count());

  const row = await logRow(SEARCH);
  await row.getByTestId('log-export').click();
  await page.waitForURL(new RegExp(`/export/workspace/${workspaceId}/request/[^/?]+$`));
  await expect(page.getByTestId('export-heading').textContent()).resolves.toContain(SEARCH);
  // The search's formats; a question's are not offered.
  await expect(
    page
      .getByTestId('export-formats')
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
  ).resolves.toEqual(['csv', 'xlsx', 'jsonl', 'zip']);
  await expect(page.getByTestId('export-estimate').getAttribute('data-rows')).resolves.toBe(String(searchTotal));

  csvExportId = await exportAs(
    'csv',
    new RegExp(`^${searchTotal.toLocaleString('en-US')} of ${searchTotal.toLocaleString('en-US')} rows`),
  );
  const file = await download();
  csvFileName = file.name;
  expect(file.name).toMatch(/\.csv$/);
  await expect(page.getByTestId('export-file-name').textContent()).resolves.toBe(file.name);
  csvLink = file.href;
  csvBytes = file.bytes;

  const rows = parse(file.bytes, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  expect(rows).toHaveLength(searchTotal);
  // Each row links to its document and has a title.
  for (const record of rows)
    expect(Object.values(record).some((value) => /\/documents\/[^/\s]+/.test(value))).toBe(true);
  const columns = Object.keys(rows[0]!).map((c) => c.toLowerCase());
  expect(columns).toEqual(expect.arrayContaining([expect.stringMatching(/title/)]));
  expect(new Set(rows.map((r) => Object.values(r).find((v) => /\/documents\//.test(v)))).size).toBe(searchTotal);
});

test('the signed link resumes a download (HTTP Range) and names the file', async () => {
  const head = await page.request.get(csvLink, { headers: { range: 'bytes=10-29' } });
  expect(head.status()).toBe(206);
  expect(head.headers()['content-range']).toBe(`bytes 10-29/${csvBytes.length}`);
  expect(Buffer.from(await head.body()).equals(csvBytes.subarray(10, 30))).toBe(true);
  const past = await page.request.get(csvLink, { headers: { range: `bytes=${csvBytes.length}-` } });
  expect(past.status()).toBe(416);
  const whole = await page.request.get(csvLink);
  expect(whole.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.csv"/);
});

test('the export’s process page shows the export: its rows done, and its download', async () => {
  await page.goto(`/processes/${encodeURIComponent(csvExportId)}`);
  const progress = page.getByTestId('export-progress');
  await progress.waitFor();
  await expect(progress.getAttribute('data-export-id')).resolves.toBe(csvExportId);
  await expect(progress.getAttribute('data-status')).resolves.toBe('succeeded');
  await expect(page.getByTestId('export-counts').textContent()).resolves.toMatch(
    new RegExp(`of ${searchTotal.toLocaleString('en-US')} rows`),
  );
  await expect(page.getByTestId('export-file-name').textContent()).resolves.toBe(csvFileName);
  await page.getByTestId('export-download').waitFor();
  await shot('process-page');
});

test('a question of the workspace is exported to DOCX from its log entry, its citations as footnotes', async () => {
  await page.goto(`/workspaces/${workspaceId}/query`);
  await page.getByTestId('ask-question').fill(QUESTION);
  await page.getByTestId('ask-submit').click();
  await page.locator('[data-testid="answer"][data-phase="done"]').waitFor({ timeout: 90_000 });
  const firstCitation = page.getByTestId('citation').first();
  await firstCitation.waitFor();

  const row = await logRow(QUESTION);
  await row.getByTestId('log-export').click();
  await page.waitForURL(new RegExp(`/export/workspace/${workspaceId}/request/[^/?]+$`));
  await expect(
    page
      .getByTestId('export-formats')
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
  ).resolves.toEqual(['docx', 'html', 'csv', 'zip']);

  await exportAs('docx', /\d/);
  const file = await download();
  expect(file.name).toMatch(/\.docx$/);
  const { value: text } = await mammoth.extractRawText({ buffer: file.bytes });
  expect(text).toContain(QUESTION);
  const { value: html } = await mammoth.convertToHtml({ buffer: file.bytes });
  // Every citation is a footnote that links its document.
  expect(html).toMatch(/footnote/);
  expect(html).toMatch(/\/documents\/[^"'\s]+/);
});

test('the workspace is exported as a ZIP from its header: an index page and a folder per request', async () => {
  await page.goto(`/workspaces/${workspaceId}/log`);
  await page.getByTestId('workspace-export').click();
  await page.waitForURL(new RegExp(`/export/workspace/${workspaceId}$`));
  await expect(
    page
      .getByTestId('export-formats')
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
  ).resolves.toEqual(['zip']);
  await exportAs('zip', /\d/);
  const file = await download();
  expect(file.name).toMatch(/\.zip$/);
  const zip = await JSZip.loadAsync(file.bytes);
  const names = Object.keys(zip.files);
  expect(names).toContain('index.html');
  // The search's rows and the question's analysis, each in a folder of its own.
  const searchCsv = names.find((n) => /^[^/]+\/results\.csv$/.test(n));
  const analysis = names.find((n) => /^[^/]+\/analysis\.docx$/.test(n));
  expect([searchCsv, analysis].every(Boolean)).toBe(true);
  expect(searchCsv!.split('/')[0]).not.toBe(analysis!.split('/')[0]);
  const rows = parse(await zip.file(searchCsv!)!.async('nodebuffer'), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
  }) as unknown[];
  expect(rows).toHaveLength(searchTotal);
  expect(await zip.file('index.html')!.async('string')).toContain(QUESTION);
});

test('the user’s exports page lists them, ready, with their size and expiry, and downloads from there', async () => {
  await page.goto('/exports');
  const rows = page.getByTestId('export-row');
  await rows.first().waitFor();
  const statuses = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status')));
  expect(statuses.filter((s) => s === 'succeeded').length).toBeGreaterThanOrEqual(3);
  await expect(rows.first().getByTestId('export-row-expiry').textContent()).resolves.toMatch(/20\d\d/);
  await shot('list');
  // The list's link is stable; the BFF redirects it to a fresh signed link.
  // This test's own CSV export (other browser tests export too).
  const csvRow = page.locator(`[data-testid="export-row"][data-export-id="${csvExportId}"]`);
  const [file] = await Promise.all([page.waitForEvent('download'), csvRow.getByTestId('export-row-download').click()]);
  expect(readFileSync(await file.path()).equals(csvBytes)).toBe(true);
});

test('someone who is not a member of the workspace gets 404 for the export page and the signed link', async () => {
  const email = `export-outsider-${tag}@docket.local`;
  const password = 'outsider password for exports';
  const csrf = (await context.cookies()).find((c) => c.name === 'drs_csrf')?.value ?? '';
  const created = await page.request.post('/api/users', {
    headers: { 'x-csrf-token': csrf },
    data: { email, name: 'Outsider', role: 'member', password },
  });
  expect(created.status()).toBe(201);
  await page.goto('/exports');
  const href = (await page.getByTestId('export-row').first().locator('a').first().getAttribute('href')) ?? '';

  const other = await browser.newContext({ baseURL: baseUrl });
  try {
    const outsider = await other.newPage();
    outsider.setDefaultNavigationTimeout(90_000);
    await outsider.goto('/login');
    await outsider.getByTestId('login-email').fill(email);
    await outsider.getByTestId('login-password').fill(password);
    await outsider.getByTestId('login-submit').click();
    await outsider.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect((await outsider.goto(href))?.status()).toBe(404);
    expect((await outsider.request.get(csvLink)).status()).toBe(404);
    await outsider.goto('/exports');
    await expect(outsider.getByTestId('exports-empty').count()).resolves.toBe(1);
  } finally {
    await other.close();
  }
});
