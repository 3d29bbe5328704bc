/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (page.evaluate callbacks run in the browser, where document and window exist)
/**
 * Search and questions inside a workspace as a user walks them in Chromium: a search
 * with a facet and a filter, more results, a document; a question whose answer streams in with
 * citations, a citation opened; the log entry's three views and a figure downloaded as CSV; the
 * administrators' query log; the /search page's cursor paging. The stack loaded a small generated corpus at start
 * (stack.global-setup.ts). Screenshots go to $E2E_SCREENSHOTS (default: a temp directory).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@docket/testkit';
import { e2eEnv, launchChromium } from './support/browser';
import { createWorkspace, seededCorpusIndexed, signInAsAdmin } from './support/session';

const { baseUrl, adminEmail } = e2eEnv;
const shots = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'docket-e2e-search-query');
mkdirSync(shots, { recursive: true });

const tag = randomUUID().slice(0, 8);
const QUESTION = `What revenue requirement did the company request? (${tag})`;

let browser: Browser;
let page: Page;
let workspaceId = '';
let queryId = '';
/** The answer's own address, which the question page takes as soon as the answer starts. */
let answerUrl = '';

const shot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const count = (testId: string) => page.getByTestId(testId).count();

beforeAll(async () => {
  browser = await launchChromium();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1360, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signInAsAdmin(page);
  workspaceId = await createWorkspace(page, context, {
    name: `Revenue requirements ${tag}`,
    description: 'Rate cases across the commissions',
    defaultFilters: { filedFrom: '2000-01-01' },
  });
  // Totals compared across steps must not grow meanwhile: wait until the seeded corpus is all indexed.
  await seededCorpusIndexed(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** The corpus loads and is indexed in the background after start-up; the search fills in as it does. */
async function searchUntil(url: string, atLeast: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(url);
    await page.locator('[data-testid="search-total"], [data-testid="search-empty"]').first().waitFor();
    if ((await count('search-hit')) >= atLeast) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${atLeast} hits for ${url} after ${timeoutMs / 1000} s`);
    await page.waitForTimeout(1000); // between two real page loads while the index fills
  }
}

const totalOf = async () =>
  Number(((await page.getByTestId('search-total').locator('strong').textContent()) ?? '').replace(/[^\d]/g, ''));

describe('search in a workspace', () => {
  test('the query box starts from the workspace’s default filters and names a syntax error’s column', async () => {
    await page.goto(`/workspaces/${workspaceId}/search`);
    await page.getByTestId('search-start').waitFor();
    await expect(page.getByTestId('filter-chip').first().textContent()).resolves.toContain('Jan 1, 2000');
    await shot('01-search-start');

    await page.getByTestId('workspace-search-input').fill('"revenue requirement" AND (');
    await page.getByTestId('workspace-search-submit').click();
    await page.getByTestId('query-error').waitFor();
    await expect(page.getByTestId('query-error').getAttribute('data-column')).resolves.toMatch(/^\d+$/);
    await shot('02-search-syntax-error');

    // A query past a cost limit is refused the same way, naming the limit and its column.
    await page.getByTestId('workspace-search-input').fill('tariff a*');
    await page.getByTestId('workspace-search-submit').click();
    await page.getByText(/"a\*" at column 8 is too short/u).waitFor();
    await expect(page.getByTestId('query-error').getAttribute('data-column')).resolves.toBe('8');
    await shot('02-search-cost-refusal');
  });

  test('searches, filters by a facet and by the filters panel, sorts, loads more, and opens a document', async () => {
    await searchUntil(
      `/workspaces/${workspaceId}/search?q=${encodeURIComponent('"revenue requirement"')}&from=2000-01-01&f=1`,
      20,
    );
    const all = await totalOf();
    expect(all).toBeGreaterThan(20);
    expect(await page.locator('[data-testid="search-hit"] mark').count()).toBeGreaterThan(0);
    await shot('03-search-results');

    // A facet: the biggest agency narrows the results and becomes a removable chip.
    const bucket = page.locator('[data-testid="facet-bucket"][data-field="agency"]').first();
    const agency = (await bucket.getAttribute('data-value')) ?? '';
    const bucketCount = Number(((await bucket.locator('span').last().textContent()) ?? '').replace(/[^\d]/g, ''));
    await bucket.click();
    await page.waitForURL((url) => url.searchParams.getAll('agency').includes(agency));
    await expect(totalOf()).resolves.toBe(bucketCount);
    expect(await count('filter-chip')).toBe(2);

    // The filters panel: a date range on top of the facet.
    await page.getByTestId('filter-from').fill('2021-01-01');
    await page.getByTestId('filters-apply').click();
    await page.waitForURL(
      (url) => url.searchParams.get('from') === '2021-01-01' && url.searchParams.getAll('agency').includes(agency),
    );
    expect(await totalOf()).toBeLessThanOrEqual(bucketCount);

    // Removing both chips leaves no filters of the user's own: the workspace's defaults apply again.
    await page.locator('[data-testid="filter-chip"]', { hasText: 'Agency' }).click();
    await page.waitForURL((url) => url.searchParams.getAll('agency').length === 0);
    await page.locator('[data-testid="filter-chip"]', { hasText: 'Filed' }).click();
    await page.waitForURL((url) => !url.searchParams.has('from'));
    await page.getByTestId('defaults-apply').waitFor();
    await expect(totalOf()).resolves.toBe(all);

    await page.getByTestId('sort-newest').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'newest');
    const first = await page.getByTestId('search-hit').count();
    expect(first).toBe(20);

    await page.getByTestId('search-load-more').click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="search-hit"]').length > n, first);
    await expect(page.getByTestId('search-shown').textContent()).resolves.toMatch(/^Showing \d+ of \d+$/);
    await shot('04-search-filtered-more');

    const link = page.getByTestId('search-hit-link').first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/documents\/[^?]+\?q=%22revenue%20requirement%22$/);
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/documents/'));
    await page.getByTestId('document-title').waitFor();
    expect(await page.locator('[data-testid="document-text"] mark').count()).toBeGreaterThan(0);
  });
});

describe('the search page (/search)', () => {
  test('pages by cursor: "Load more" appends the next hits, repeating none, and the API refuses offset', async () => {
    // With the seeded corpus indexed, the index has nothing left to take in (Kafka's offsets say so),
    // and the page says nothing of indexing.
    const coverage = await waitFor(
      async () => {
        const body = (await (await page.request.get('/api/search/coverage')).json()) as {
          indexed: number;
          pending: number;
          behind: boolean;
        };
        return body.behind ? undefined : body;
      },
      { description: 'the index to have nothing pending', timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(coverage).toEqual({ indexed: expect.any(Number), pending: 0, behind: false });
    expect(coverage.indexed).toBeGreaterThanOrEqual(e2eEnv.seedFilings);
    await page.goto('/search?q=commission');
    expect(await count('index-behind')).toBe(0);
    const total = await totalOf();
    expect(total).toBeGreaterThan(20);
    expect(await count('search-hit')).toBe(20);
    await expect(page.getByTestId('search-shown').textContent()).resolves.toBe(`Showing 20 of ${total}`);

    await page.getByTestId('search-load-more').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="search-hit"]').length > 20);
    const shown = Math.min(40, total);
    expect(await count('search-hit')).toBe(shown);
    await expect(page.getByTestId('search-shown').textContent()).resolves.toBe(`Showing ${shown} of ${total}`);
    const ids = await page
      .getByTestId('search-hit')
      .evaluateAll((hits) => hits.map((hit) => hit.getAttribute('data-document-id')));
    expect(new Set(ids).size).toBe(ids.length);
    // The appended list numbers on from the first page; later pages stay in the browser, not in the URL.
    await expect(page.getByRole('list', { name: 'More results' }).getAttribute('start')).resolves.toBe('21');
    expect(new URL(page.url()).search).toBe('?q=commission');
    expect(await count('search-load-more')).toBe(total > 40 ? 1 : 0);
    await shot('04b-search-page-load-more');

    // The same search experience as a workspace's: facets, and a facet becomes a chip named as people know it.
    expect(await page.getByTestId('facet').count()).toBeGreaterThan(0);
    await page.locator('[data-testid="facet-bucket"][data-field="agency"]').first().click();
    await page.waitForURL((url) => url.searchParams.has('agency'));
    await expect(page.getByTestId('filter-chip').first().textContent()).resolves.not.toContain(
      new URL(page.url()).searchParams.get('agency') ?? '',
    );
    // A result opened from here comes back here.
    await page.getByTestId('search-hit-link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/documents/'));
    await expect(page.getByTestId('document-back').textContent()).resolves.toBe('← Back to the search results');
    await page.getByTestId('document-back').click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.has('agency'));

    // A search past the limit is refused in words.
    await page.goto(`/search?q=${'rate '.repeat(1000)}`);
    await expect(page.getByTestId('query-error').textContent()).resolves.toContain(
      'Searches are limited to 1,000 characters',
    );
    await page.goto('/search?q=commission');

    // Offset paging is gone: the BFF names the parameter and says to use the cursor.
    const retired = await page.request.get('/api/search?q=commission&offset=20');
    expect(retired.status()).toBe(400);
    expect(((await retired.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues).toEqual(
      [{ path: 'offset', message: expect.stringContaining('page with cursor') }],
    );
  });
});

describe('a question in the workspace', () => {
  test('the answer streams in: documents first, then the analysis with citations, the mode, and figures', async () => {
    await page.goto(`/workspaces/${workspaceId}/query`);
    // Records the order in which the parts of the answer appear, to see that it streams.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        for (const id of ['query-document', 'analysis-section', 'figures-view', 'mode-badge']) {
          if (!seen.includes(id) && document.querySelector(`[data-testid="${id}"]`)) seen.push(id);
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('ask-question').fill(QUESTION);
    const historyBefore = await page.evaluate(() => history.length);
    await page.getByTestId('ask-submit').click();
    // The answer has its own address from its start, replacing the page's (no new history entry).
    await page.waitForURL((url) => url.searchParams.has('answer'));
    answerUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.locator('[data-testid="answer"][data-phase="done"]').waitFor({ timeout: 90_000 });
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    await shot('05-answer');

    const order = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(order.indexOf('query-document')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('query-document')).toBeLessThan(order.indexOf('analysis-section'));
    expect(order.indexOf('analysis-section')).toBeLessThan(order.indexOf('mode-badge'));
    await expect(page.getByTestId('mode-badge').getAttribute('data-mode')).resolves.toBe('extractive');

    // No citation, no claim: every sentence carries at least one numbered marker.
    const sentences = page.getByTestId('analysis-sentence');
    expect(await sentences.count()).toBeGreaterThan(0);
    for (const sentence of await sentences.all())
      expect(await sentence.getByTestId('citation').count()).toBeGreaterThan(0);
    expect(await count('figures-view')).toBe(1);

    const permalink = (await page.getByTestId('answer-permalink').getAttribute('href')) ?? '';
    queryId = /\/queries\/([^/]+)\/analysis$/.exec(permalink)?.[1] ?? '';
    expect(queryId).not.toBe('');
    expect(answerUrl).toBe(`/workspaces/${workspaceId}/query?answer=${queryId}`);
  }, 120_000); // the answer's own wait (90 s) on a busy machine

  test('a citation opens its document at the cited passage, marked', async () => {
    const citation = page.getByTestId('citation').first();
    const documentId = (await citation.getAttribute('data-document-id')) ?? '';
    const href = (await citation.getAttribute('href')) ?? '';
    expect(href).toMatch(/[?&]at=\d+-\d+/);
    await citation.click();
    await page.waitForURL((url) => url.pathname === `/documents/${encodeURIComponent(documentId)}`);
    await page.getByTestId('document-title').waitFor();
    const cited = /[?&]page=(\d+)/.exec(href)?.[1];
    if (cited) await page.locator(`#page-${cited}`).waitFor();
    // The cited characters themselves are marked, and the page scrolled to them.
    const passage = page.getByTestId('cited-passage').first();
    await passage.waitFor();
    expect(((await passage.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    expect(new URL(page.url()).hash).toBe('#cited');
    await shot('06-citation-opened');
  });

  test('Back returns to the same answer, scrolled where it was; the document’s Back link names it', async () => {
    await page.goBack();
    await page.waitForURL((url) => url.pathname + url.search === answerUrl);
    await page.locator(`[data-testid="answer"][data-phase="done"][data-query-id="${queryId}"]`).waitFor();

    // Read down to the last citation, open it, and come back.
    const last = page.getByTestId('citation').last();
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const readAt = await page.evaluate(() => Math.round(window.scrollY));
    expect(readAt).toBeGreaterThan(0);
    await last.click();
    await page.waitForURL((url) => url.pathname.startsWith('/documents/'));
    const back = page.getByTestId('document-back');
    await expect(back.textContent()).resolves.toBe('← Back to the answer');
    await expect(back.getAttribute('href')).resolves.toBe(answerUrl);
    expect(new URL(page.url()).searchParams.get('from')).toBe(answerUrl);

    await page.goBack();
    await page.locator(`[data-testid="answer"][data-phase="done"][data-query-id="${queryId}"]`).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, readAt);
    await shot('06b-back-to-the-answer');

    // The document's own Back link lands on the answer too.
    await page.getByTestId('citation').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/documents/'));
    await page.getByTestId('document-back').click();
    await page.waitForURL((url) => url.pathname + url.search === answerUrl);
    await page.locator(`[data-testid="answer"][data-phase="done"][data-query-id="${queryId}"]`).waitFor();
  });

  test('reloading the answer’s address shows the stored answer, without asking it again', async () => {
    const logged = async () =>
      (
        (await (await page.request.get(`/api/workspaces/${workspaceId}/requests?limit=100`)).json()) as {
          requests: { text: string }[];
        }
      ).requests.filter((r) => r.text === QUESTION).length;
    expect(await logged()).toBe(1);
    await page.reload();
    await page.locator(`[data-testid="answer"][data-phase="done"][data-query-id="${queryId}"]`).waitFor();
    await expect(page.locator('#answer-heading').textContent()).resolves.toBe(QUESTION);
    expect(await count('citation')).toBeGreaterThan(0);
    expect(await logged()).toBe(1);
  });

  test('the question box counts characters near its limit and will not ask past it', async () => {
    await page.goto(`/workspaces/${workspaceId}/query`);
    const counter = page.getByTestId('ask-question-count');
    await page.getByTestId('ask-question').fill('rate '.repeat(100));
    expect(await counter.isVisible()).toBe(false);
    await page.getByTestId('ask-question').fill('x'.repeat(1005));
    await expect(counter.textContent()).resolves.toBe('1,005 of 1,000 characters: 5 too many to ask');
    expect(await page.getByTestId('ask-submit').isDisabled()).toBe(true);
    await shot('06c-question-limit');
  });
});

describe('the workspace log', () => {
  test('lists the question and the searches, newest first, and opens the question’s three views', async () => {
    await page.goto(`/workspaces/${workspaceId}/log`);
    const rows = page.getByTestId('log-row');
    await rows.first().waitFor();
    await expect(rows.first().getAttribute('data-kind')).resolves.toBe('query');
    expect(await page.locator('[data-testid="log-row"][data-kind="search"]').count()).toBeGreaterThanOrEqual(3);
    await shot('07-log');

    await rows.first().getByTestId('log-entry-link').click();
    await page.waitForURL(/\/log\/[^/]+\/analysis$/);
    await expect(page.getByTestId('query-question').textContent()).resolves.toBe(QUESTION);
    expect(await count('citation')).toBeGreaterThan(0);

    await page.getByTestId('tab-documents').click();
    await page.waitForURL(/\/documents$/);
    expect(await count('query-document')).toBeGreaterThan(0);
    expect(await count('query-passage')).toBeGreaterThan(0);
    await shot('08-log-documents');

    await page.getByTestId('tab-figures').click();
    await page.waitForURL(/\/figures$/);
    await page.getByTestId('figure-agency').waitFor();
    await shot('09-log-figures');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('figure-agency-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe('filings-by-agency.csv');
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe('agency,key,filings');
    expect(csv.length).toBeGreaterThan(2);
    expect(csv[1]).toMatch(/,\d+$/);

    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figure-agency-png').click()]);
    expect(png.suggestedFilename()).toBe('filings-by-agency.png');
    await png.saveAs(path.join(shots, 'download-filings-by-agency.png'));
    expect(
      readFileSync((await png.path())!)
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');
  });

  test('a search is logged once, and its entry shows its real total and facets, not an answer mode', async () => {
    const entries = async () =>
      (
        (await (await page.request.get(`/api/workspaces/${workspaceId}/requests?limit=100`)).json()) as {
          requests: { text: string }[];
        }
      ).requests.filter((r) => r.text === 'tariff').length;
    const before = await entries();
    // One request per search: the one that serves the page logs it; the browser sends none of its own.
    const fromBrowser: string[] = [];
    const noteSearch = (request: { url(): string; method(): string }) => {
      if (new URL(request.url()).pathname === '/api/search') fromBrowser.push(request.method());
    };
    page.on('request', noteSearch);
    await page.goto(`/workspaces/${workspaceId}/search?q=tariff&sort=oldest&f=1`);
    await page.getByTestId('search-logged').waitFor();
    page.off('request', noteSearch);
    expect(fromBrowser).toEqual([]);
    // The address now names the log entry: a reload shows it instead of logging the search again.
    await page.waitForURL((url) => url.searchParams.has('entry'));
    const total = (await page.getByTestId('search-total').locator('strong').textContent()) ?? '';
    expect(await entries()).toBe(before + 1);
    await page.reload();
    await page.getByTestId('search-logged').waitFor();
    expect(await entries()).toBe(before + 1);

    await page.getByTestId('search-log-link').click();
    await page.waitForURL(/\/log\/[^/]+\/analysis$/);
    await expect(page.getByTestId('query-byline').textContent()).resolves.toContain(`${total} matching filing`);
    expect(await count('mode-badge')).toBe(0);
    expect(await page.locator('[data-testid="recorded-facets"] [data-testid="facet"]').count()).toBeGreaterThan(0);
    await shot('10a-log-search-entry');
  });

  test('a search’s entry has its results as documents and an analysis built on first open', async () => {
    await page.goto(`/workspaces/${workspaceId}/log`);
    await page.locator('[data-testid="log-row"][data-kind="search"]').first().getByTestId('log-entry-link').click();
    await page.waitForURL(/\/log\/[^/]+\/analysis$/);
    await page
      .locator('[data-testid="analysis-view"], [data-testid="analysis-empty"], [data-testid="no-analysis"]')
      .first()
      .waitFor();
    expect(await count('no-analysis')).toBe(0);
    await page.getByTestId('tab-documents').click();
    await page.waitForURL(/\/documents$/);
    expect(await count('query-document')).toBeGreaterThan(0);
    await shot('10-log-search-documents');
  });
});

describe('the administrators’ query log', () => {
  test('shows the question, filters by user and mode, and opens it', async () => {
    await page.goto(`/admin/queries/log?user=${encodeURIComponent(adminEmail)}&mode=extractive`);
    const row = page.locator(`[data-testid="query-log-row"][data-query-id="${queryId}"]`);
    await row.waitFor();
    await expect(row.getByTestId('query-log-link').textContent()).resolves.toBe(QUESTION);
    await shot('11-admin-query-log');

    await page.getByTestId('filter-mode').selectOption('generative');
    await page.getByTestId('filter-apply').click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'generative');
    expect(await row.count()).toBe(0);

    await page.goto('/admin/queries/log');
    await row.getByTestId('query-log-link').click();
    await page.waitForURL(`**/admin/queries/log/${queryId}/analysis`);
    await expect(page.getByTestId('query-question').textContent()).resolves.toBe(QUESTION);
    await page.getByTestId('tab-figures').click();
    await page.getByTestId('figures-view').waitFor();
    await shot('12-admin-query-figures');
  });
});
