/**
 * The first questions a rate-case analyst asks, in Chromium, against the loaded corpus's
 * truth: every intervenor the orders granting intervention name; a docket the question names,
 * though the workspace's default filter leaves it out; a company's current proceeding; and dates in
 * the tense they have today.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  corpusShiftMs,
  DEFAULT_CORPUS_SEED,
  generateCatalog,
  generateDockets,
  generateFilings,
  type Filing,
} from '@docket/corpus';
import { e2eEnv, launchChromium } from './support/browser';
import { createWorkspace, seededCorpusIndexed, signInAsAdmin } from './support/session';

const { baseUrl, seedFilings, seedDockets } = e2eEnv;
const shots = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'docket-e2e-answers');
mkdirSync(shots, { recursive: true });

/** The loaded corpus's filings by docket (the same generation the stack's seeder ran today). */
function filingsByDocket(): Map<string, Filing[]> {
  const catalog = generateCatalog(DEFAULT_CORPUS_SEED);
  const dockets = generateDockets(DEFAULT_CORPUS_SEED, catalog, seedDockets);
  const shiftDays = corpusShiftMs(new Date()) / 86_400_000;
  const byDocket = new Map<string, Filing[]>();
  for (const filing of generateFilings(DEFAULT_CORPUS_SEED, catalog, dockets, { count: seedFilings, shiftDays })) {
    byDocket.set(filing.docketNumber, [...(byDocket.get(filing.docketNumber) ?? []), filing]);
  }
  return byDocket;
}

const corpus = filingsByDocket();
const today = new Date().toISOString().slice(0, 10);
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workspaceId = '';

const shot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const facts = (slot: string) => page.locator(`[data-testid="key-fact"][data-slot="${slot}"]`);
const scopeDocket = () => page.getByTestId('answer-scope').getAttribute('data-docket');

async function ask(question: string, inWorkspace = workspaceId): Promise<void> {
  await page.goto(`/workspaces/${inWorkspace}/query`);
  await page.getByTestId('ask-question').fill(question);
  await page.getByTestId('ask-submit').click();
  await page.locator('[data-testid="answer"][data-phase="done"]').waitFor({ timeout: 90_000 });
}

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 1000 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signInAsAdmin(page);
  workspaceId = await createWorkspace(page, context, {
    name: 'Rate cases',
    description: "A rate-case analyst's first questions",
    defaultFilters: {},
  });
  await seededCorpusIndexed(page);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

test('names every intervenor the orders granting intervention name', async () => {
  const grantedBy = (filing: Filing) => filing.filingCategory === 'Order' && /interven/i.test(filing.title);
  const [docket, filings] =
    [...corpus]
      .map(([number, list]) => [number, list] as const)
      .find(
        ([, list]) =>
          list.filter(grantedBy).flatMap((f) => f.statements.filter((s) => s.kind === 'intervenor')).length >= 2,
      ) ?? [];
  if (!docket || !filings) throw new Error('no docket of the loaded corpus has an order granting two interventions');
  const granted = new Set(
    filings.filter(grantedBy).flatMap((f) => f.statements.filter((s) => s.kind === 'intervenor').map((s) => s.value)),
  );
  await ask(`Who intervened in docket ${docket}?`);
  await shot('10-intervenors');
  await expect(scopeDocket()).resolves.toBe(docket);
  const named = await facts('intervenor').evaluateAll((cards) =>
    cards.map((card) => card.getAttribute('data-normalized')),
  );
  for (const party of granted) expect(named).toContain(party);
});

test("answers about the named docket even when the workspace's default filter leaves it out, and says so", async () => {
  const [docket, filings] =
    [...corpus].find(([, list]) => list.some((f) => f.statements.some((s) => s.kind === 'hearing_date'))) ?? [];
  if (!docket || !filings) throw new Error('no docket of the loaded corpus states a hearing date');
  const own = filings[0]!.sourceId;
  const other = [...corpus.values()].flat().find((f) => f.sourceId !== own)!.sourceId;
  const elsewhere = await createWorkspace(page, context, {
    name: `Only ${other}`,
    description: 'A workspace for one other agency',
    defaultFilters: { agencies: [other] },
  });
  await ask(`When is the hearing in docket ${docket}?`, elsewhere);
  await shot('11-named-docket-outside-filter');
  await expect(scopeDocket()).resolves.toBe(docket);
  await expect(page.getByTestId('analysis-notice').textContent()).resolves.toContain(`Docket ${docket}`);
  await expect(page.getByTestId('analysis-notice').textContent()).resolves.toContain('outside the filters in force');
});

test('answers a company question for its current proceeding, the others offered', async () => {
  // A company taking part in several proceedings of the loaded corpus. Asked what increase it
  // requested, its current one is the latest by filing of its own (it applied or petitions in them)
  // whose filings state a requested increase (not a joint petition on an interconnection), else of
  // its own, else of all it takes part in.
  const byCompany = new Map<string, Array<{ docket: string; last: string; applies: boolean; requests: boolean }>>();
  for (const docket of generateDockets(DEFAULT_CORPUS_SEED, generateCatalog(DEFAULT_CORPUS_SEED), seedDockets)) {
    const filings = corpus.get(docket.number) ?? [];
    if (filings.length === 0) continue;
    const last = filings
      .map((f) => f.filedAt)
      .sort()
      .at(-1)!;
    for (const party of docket.parties.filter((p) => p.kind === 'organisation')) {
      const requests = filings.some((f) => f.statements.some((s) => s.kind === 'requested_amount'));
      byCompany.set(party.name, [
        ...(byCompany.get(party.name) ?? []),
        {
          docket: docket.number,
          last,
          applies: docket.title.includes(party.name) || party.role === 'petitioner',
          requests,
        },
      ]);
    }
  }
  const [company, cases] =
    [...byCompany].find(
      ([name, list]) =>
        list.length >= 2 && new Set(list.map((c) => c.last)).size === list.length && !/staff|commission/i.test(name),
    ) ?? [];
  if (!company || !cases) throw new Error('no company of the loaded corpus takes part in two proceedings');
  const [requested, applied] = [cases.filter((c) => c.applies && c.requests), cases.filter((c) => c.applies)];
  const own = requested.length > 0 ? requested : applied.length > 0 ? applied : cases;
  const current = [...own].sort((a, b) => b.last.localeCompare(a.last))[0]!;
  await ask(`What rate increase did ${company} request?`);
  await shot('12-company-current-proceeding');
  expect([company, await scopeDocket()]).toEqual([company, current.docket]);
  const offered = await page
    .getByTestId('scope-refinement')
    .evaluateAll((links) => links.map((link) => link.textContent ?? ''));
  expect(offered.some((text) => cases.some((c) => c.docket !== current.docket && text.includes(c.docket)))).toBe(true);
});

test('tells a hearing date in the tense it has today', async () => {
  const hearings = [...corpus].flatMap(([docket, list]) => {
    const dated = list.flatMap((f) => f.statements).filter((s) => s.kind === 'hearing_date');
    const latest = Math.max(...dated.map((s) => s.order ?? 0));
    const current = dated.find((s) => (s.order ?? 0) === latest);
    return current ? [{ docket, date: current.value }] : [];
  });
  const past = hearings.find((h) => h.date < today);
  const coming = hearings.find((h) => h.date > today);
  if (!past && !coming) throw new Error('no docket of the loaded corpus states a hearing date');
  for (const [hearing, verb] of [
    [past, 'was held on'],
    [coming, 'is set for'],
  ] as const) {
    if (!hearing) continue;
    await ask(`When is the evidentiary hearing in docket ${hearing.docket}?`);
    const lead = (await page.getByTestId('analysis-sentence').first().textContent()) ?? '';
    expect(lead).toContain(`The evidentiary hearing ${verb}`);
  }
  await shot('13-hearing-tense');
});
