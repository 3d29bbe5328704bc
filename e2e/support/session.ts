import type { BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@docket/testkit';
import { e2eEnv } from './browser';

/** Signs the first administrator in through the login form. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(e2eEnv.adminEmail);
  await page.getByTestId('login-password').fill(e2eEnv.adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A workspace made through the API, as /workspaces/new makes it (e2e/workspaces.test.ts walks that form); its id. */
export async function createWorkspace(
  page: Page,
  context: BrowserContext,
  data: { name: string; description: string; defaultFilters: object },
): Promise<string> {
  const csrf = (await context.cookies()).find((c) => c.name === 'drs_csrf')?.value ?? '';
  const created = await page.request.post('/api/workspaces', { headers: { 'x-csrf-token': csrf }, data });
  if (created.status() !== 201)
    throw new Error(`creating a workspace answered ${created.status()}: ${await created.text()}`);
  return ((await created.json()) as { workspace: { id: string } }).workspace.id;
}

/** Waits until the seeded corpus is all indexed (it loads in the background after start-up). */
export async function seededCorpusIndexed(page: Page): Promise<void> {
  const { seedFilings } = e2eEnv;
  await waitFor(
    async () => {
      const stats = await page.request.get('/api/admin/index-stats');
      return stats.ok() && ((await stats.json()) as { documents: number }).documents >= seedFilings;
    },
    { description: `the ${seedFilings} seeded filings to be indexed`, timeoutMs: 180_000, intervalMs: 1000 },
  );
}
