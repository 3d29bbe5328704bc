/**
 * Answers a professional would accept, in Chromium, against what the stack loaded: the
 * generator's truth for the seeded corpus says which docket asked for how much and when its hearing
 * is, and the answer must say the same — its proceeding at the top, the requested increase and the
 * current hearing date as labelled key facts — and a refinement asks again within another docket.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  corpusShiftMs,
  DEFAULT_CORPUS_SEED,
  generateCatalog,
  generateDockets,
  generateFilings,
  type StatedFact,
} from '@docket/corpus';
import { e2eEnv, launchChromium } from './support/browser';
import { createWorkspace, seededCorpusIndexed, signInAsAdmin } from './support/session';

const { baseUrl, seedFilings, seedDockets } = e2eEnv;
/** How long the page takes at most to show an answer again after Forward (its first render). */
const FORWARD_RENDER_MS = 1_500;
const shots = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'docket-e2e-answers');
mkdirSync(shots, { recursive: true });

/** What the loaded corpus states, per docket (the same generation the stack's seeder ran today). */
function statedByDocket(): Map<string, StatedFact[]> {
  const catalog = generateCatalog(DEFAULT_CORPUS_SEED);
  const dockets = generateDockets(DEFAULT_CORPUS_SEED, catalog, seedDockets);
  const shiftDays = corpusShiftMs(new Date()) / 86_400_000;
  const stated = new Map<string, StatedFact[]>();
  for (const filing of generateFilings(DEFAULT_CORPUS_SEED, catalog, dockets, { count: seedFilings, shiftDays })) {
    stated.set(filing.docketNumber, [...(stated.get(filing.docketNumber) ?? []), ...filing.statements]);
  }
  return stated;
}

let browser: Browser;
let page: Page;
let workspaceId = '';
const stated = statedByDocket();

const shot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

async function ask(question: string): Promise<void> {
  await page.goto(`/workspaces/${workspaceId}/query`);
  await page.getByTestId('ask-question').fill(question);
  await page.getByTestId('ask-submit').click();
  await page.locator('[data-testid="answer"][data-phase="done"]').waitFor({ timeout: 90_000 });
}

const fact = (slot: string, status?: string) =>
  page.locator(`[data-testid="key-fact"][data-slot="${slot}"]${status ? `[data-status="${status}"]` : ''}`).first();

beforeAll(async () => {
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 1000 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signInAsAdmin(page);
  workspaceId = await createWorkspace(page, context, {
    name: 'Proceedings',
    description: 'Answers about one proceeding',
    defaultFilters: {},
  });
  await seededCorpusIndexed(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

describe('an answer about one proceeding', () => {
  test('names the proceeding at the top and states the requested increase, for whom, from which filing', async () => {
    const [docket, facts] = [...stated].find(([, list]) => list.some((s) => s.kind === 'requested_amount')) ?? [];
    if (!docket || !facts) throw new Error('the seeded corpus states no requested increase');
    const truth = facts.find((s) => s.kind === 'requested_amount') as StatedFact;
    await ask(`What rate increase did ${truth.party} request in docket ${docket}?`);
    await shot('01-requested-increase');

    await expect(page.getByTestId('answer-scope').getAttribute('data-docket')).resolves.toBe(docket);
    expect(await page.getByTestId('answer-scope').textContent()).toContain(`About docket ${docket}`);
    const requested = fact('requested_amount');
    await expect(requested.getAttribute('data-normalized')).resolves.toBe(truth.value);
    const card = (await requested.textContent()) ?? '';
    expect(card).toContain('Requested increase');
    expect(card).toContain(truth.party);
    expect(card).toMatch(/filed \d{4}-\d{2}-\d{2}/);
    // The answer opens with it, cited.
    const first = page.getByTestId('analysis-section').first();
    expect(await first.locator('h3').textContent()).toBe('Answer');
    expect(await first.getByTestId('citation').count()).toBeGreaterThan(0);
  });

  test('lists every document cited (key facts’ sources too), marked with its citation numbers, no rank', async () => {
    // The answer of the test above, as it stands on the page.
    const analysis = page.getByTestId('analysis-view');
    const marks = await analysis
      .getByTestId('citation')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-document-id') ?? '', (e.textContent ?? '').trim()] as const),
      );
    expect(marks.length).toBeGreaterThan(0);
    const factSource = (await fact('requested_amount').getByTestId('citation').getAttribute('data-document-id')) ?? '';
    expect(factSource).not.toBe('');
    const listed = new Map(
      await page.getByTestId('query-document').evaluateAll((els) =>
        els.map(
          (e) =>
            [
              e.getAttribute('data-document-id') ?? '',
              {
                cited: (e.getAttribute('data-cited') ?? '').split(' ').filter(Boolean),
                label: (e.querySelector('[data-testid="document-cited-as"]')?.textContent ?? '').trim(),
              },
            ] as const,
        ),
      ),
    );
    expect(listed.has(factSource)).toBe(true);
    for (const [documentId, n] of marks) {
      expect([documentId, listed.has(documentId)]).toEqual([documentId, true]);
      expect(listed.get(documentId)!.cited).toContain(n);
    }
    // Each document says how the answer cites it, not where it ranked.
    for (const { cited, label } of listed.values()) {
      expect(label).toBe(cited.length > 0 ? `Cited as${cited.join('')}` : 'Not cited in the answer');
    }
    expect(await page.locator('aside h3').first().textContent()).toBe(`Documents (${listed.size})`);
    await shot('01b-documents-cited');
  });

  test('gives the hearing date of the latest scheduling order, and marks a replaced one as superseded', async () => {
    const withRevision = [...stated].find(
      ([, list]) => new Set(list.filter((s) => s.kind === 'hearing_date').map((s) => s.order)).size > 1,
    );
    const [docket, facts] =
      withRevision ?? [...stated].find(([, list]) => list.some((s) => s.kind === 'hearing_date')) ?? [];
    if (!docket || !facts) throw new Error('the seeded corpus states no hearing date');
    const hearings = facts.filter((s) => s.kind === 'hearing_date');
    const latest = Math.max(...hearings.map((s) => s.order ?? 0));
    const current = hearings.find((s) => (s.order ?? 0) === latest) as StatedFact;
    await ask(`When is the evidentiary hearing in docket ${docket}?`);
    await shot('02-hearing-date');

    await expect(page.getByTestId('answer-scope').getAttribute('data-docket')).resolves.toBe(docket);
    await expect(fact('hearing_date', 'current').getAttribute('data-normalized')).resolves.toBe(current.value);
    if (withRevision) {
      const replaced = hearings.find((s) => s.value !== current.value) as StatedFact;
      const superseded = '[data-testid="key-fact"][data-slot="hearing_date"][data-status="superseded"]';
      await expect(page.locator(`${superseded}[data-normalized="${replaced.value}"]`).count()).resolves.toBe(1);
    }
  });

  test('offers the other proceedings the question may have meant, and one click asks again within one', async () => {
    await ask('What rate increase was requested?');
    const first = (await page.getByTestId('answer').getAttribute('data-query-id')) ?? '';
    const refinements = page.getByTestId('scope-refinement');
    expect(await refinements.count()).toBeGreaterThan(0);
    const other =
      ((await refinements.first().textContent()) ?? '')
        .replace(/^Docket\s+/, '')
        .split(' — ')[0]
        ?.trim() ?? '';
    await refinements.first().click();
    // The click asks at once: a new answer, not the one refined.
    await page
      .locator(`[data-testid="answer"][data-phase="done"]:not([data-query-id="${first}"])`)
      .waitFor({ timeout: 40_000 })
      .catch(async (error: unknown) => {
        await shot('03-refined-failed');
        throw new Error(`no new answer at ${page.url()}: ${String(error)}`);
      });
    await expect(page.getByTestId('answer-scope').getAttribute('data-docket')).resolves.toBe(other);
    expect(await page.getByTestId('ask-docket').textContent()).toContain(other);
    await shot('03-refined');
  }, 120_000);
});

describe('an answer’s address', () => {
  test('Back then Forward while the answer is being written shows the question with its answer', async () => {
    // A question about one proceeding (its record is read: seconds, time to go Back and Forward meanwhile).
    const asking = [...stated].filter(([, list]) => list.some((s) => s.kind === 'requested_amount'));
    const [docket, facts] = asking[1] ?? asking[0] ?? [];
    if (!docket || !facts) throw new Error('the seeded corpus states no requested increase');
    const party = (facts.find((s) => s.kind === 'requested_amount') as StatedFact).party;
    const question = `What rate increase did ${party} request in docket ${docket}?`;
    const loggedTimes = async () =>
      (
        (await (await page.request.get(`/api/workspaces/${workspaceId}/requests?limit=100`)).json()) as {
          requests: { text: string }[];
        }
      ).requests.filter((r) => r.text === question).length;
    const loggedBefore = await loggedTimes();

    await page.goto(`/workspaces/${workspaceId}/search`);
    // Within the app (client-side, one document), as a reader moves between the workspace's pages.
    await page.getByTestId('workspace-tab-query').click();
    await page.waitForURL((url) => url.pathname.endsWith('/query'));
    // The phase the answer shows in when it first shows after Forward (the document stays the same).
    await page.evaluate((asked) => {
      const seen = window as unknown as { forward?: boolean; firstPhase?: string };
      new MutationObserver(() => {
        const answer = document.querySelector('[data-testid="answer"]');
        if (seen.forward && !seen.firstPhase && answer?.querySelector('#answer-heading')?.textContent === asked) {
          seen.firstPhase = answer.getAttribute('data-phase') ?? '';
        }
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    }, question);
    await page.getByTestId('ask-question').fill(question);
    await page.getByTestId('ask-submit').click();
    await page.waitForURL((url) => url.searchParams.has('answer'));
    const queryId = new URL(page.url()).searchParams.get('answer') ?? '';
    await page.goBack();
    await page.waitForURL((url) => url.pathname.endsWith('/search'));
    const storedBeforeForward = (await page.request.get(`/api/queries/${queryId}`)).status() === 200;
    const forwardAt = await page.evaluate(() => {
      (window as unknown as { forward?: boolean }).forward = true;
      return Date.now();
    });
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('answer') === queryId);

    await page
      .locator(`[data-testid="answer"][data-phase="done"][data-query-id="${queryId}"]`)
      .waitFor({ timeout: 90_000 });
    await expect(page.locator('#answer-heading').textContent()).resolves.toBe(question);
    expect(await page.getByTestId('analysis-section').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('query-document').count()).toBeGreaterThan(0);
    await shot('04-back-forward');
    const firstPhase = await page.evaluate(() => (window as unknown as { firstPhase?: string }).firstPhase ?? '');
    // Still being written when we came Forward: the question showed at once with what was written so
    // far, not only once the answer was stored. An answer stored within Forward's first render (it
    // may finish between the check above and that render) rightly shows 'done' from the start.
    const stored = (await (await page.request.get(`/api/queries/${queryId}`)).json()) as {
      query: { createdAt: string };
    };
    const storedDuringForward = Date.parse(stored.query.createdAt) <= forwardAt + FORWARD_RENDER_MS;
    if (storedBeforeForward || storedDuringForward)
      process.stderr.write('[answers] the answer was stored by Forward: it could not be seen being written\n');
    else expect(firstPhase).not.toBe('done');
    expect(firstPhase).not.toBe('');
    // Asked once: following the answer did not ask it again.
    expect((await loggedTimes()) - loggedBefore).toBe(1);
  }, 120_000);

  test('an address naming no answer says so at once', async () => {
    for (const id of ['65f0c0ffee0000000000dead', 'made-up', 'x'.repeat(250)]) {
      const started = Date.now();
      await page.goto(`/workspaces/${workspaceId}/query?answer=${id}`);
      await page.getByTestId('answer-missing').waitFor({ timeout: 10_000 });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await page.getByTestId('answer').count()).toBe(0);
    }
    await shot('05-answer-missing');
  });
});
