/**
 * Workspaces as people walk them in Chromium: an owner creates a workspace with
 * default filters, finds it in their list and previews it, adds a colleague as a viewer; the
 * viewer sees it read-only; a third person does not see it at all; at last the owner deletes it
 * from the settings' danger zone (typing its name) and it is gone for everyone. Screenshots of every page go to
 * $E2E_SCREENSHOTS (default: a temp directory), to be looked at.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eEnv, launchChromium } from './support/browser';

const { baseUrl, adminEmail, adminPassword } = e2eEnv;
const shots = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'docket-e2e-workspaces');
mkdirSync(shots, { recursive: true });

const tag = randomUUID().slice(0, 8);
const PASSWORD = `workspace-e2e-${tag}`;
const people = {
  owner: { email: `owner-${tag}@example.com`, name: 'Olivia Ortega' },
  viewer: { email: `viewer-${tag}@example.com`, name: 'Victor Vance' },
  outsider: { email: `outsider-${tag}@example.com`, name: 'Oscar Osei' },
};
const workspaceName = `Wildfire cost recovery ${tag}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let workspaceId = '';
const chosenAgencies: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  // The administrator creates the three accounts through the API, as the accounts page does.
  const admin = await signedIn(adminEmail, adminPassword);
  const csrf = (await admin.context().cookies()).find((c) => c.name === 'drs_csrf')?.value ?? '';
  for (const person of Object.values(people)) {
    const res = await admin.request.post('/api/users', {
      headers: { 'x-csrf-token': csrf },
      data: { email: person.email, name: person.name, role: 'member', password: PASSWORD },
    });
    expect(res.status()).toBe(201);
  }
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

async function signedIn(email: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1360, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

describe('workspaces', () => {
  let owner: Page;
  let viewer: Page;

  test('a new member has no workspaces yet and is pointed to creating one', async () => {
    owner = await signedIn(people.owner.email);
    await owner.goto('/workspaces/select');
    await owner.getByTestId('workspaces-empty').waitFor();
    await shot(owner, '01-select-empty');
    await owner.getByRole('link', { name: 'Create a workspace' }).click();
    await owner.waitForURL(/\/workspaces\/new$/);
  });

  test('the form names what is wrong, then creates the workspace with its default filters', async () => {
    await owner.getByTestId('workspace-submit').click();
    await owner.locator('#ws-name-error').waitFor();
    await expect(owner.locator('#ws-name-error').textContent()).resolves.toBe('The name is required');
    await expect(owner.getByTestId('workspace-name').getAttribute('aria-invalid')).resolves.toBe('true');

    await owner.getByTestId('workspace-name').fill(workspaceName);
    await owner
      .getByTestId('workspace-description')
      .fill('Rate recovery of wildfire mitigation costs by western utilities.');
    // The catalog's sources fill the picker as the corpus loads; take two of them.
    await owner.getByTestId('agency-option').nth(1).waitFor();
    for (const option of await owner.getByTestId('agency-option').all()) {
      if (chosenAgencies.length === 2) break;
      chosenAgencies.push((await option.getAttribute('data-source-id')) ?? '');
      await option.locator('input').check();
    }
    await owner.locator('[data-testid="filing-type-option"][data-value="Decision"]').click();
    await owner.locator('[data-testid="filing-type-option"][data-value="Order"]').click();
    await owner.locator('#ws-dockets').fill('A.24-01-001');
    await owner.locator('#ws-dockets').press('Enter');
    await owner.locator('#ws-parties').fill('Pacific Gas and Electric Company');
    await owner.locator('#ws-parties').press('Enter');
    await owner.getByTestId('filed-from').fill('2024-01-01');
    await owner.getByTestId('filed-to').fill('2024-12-31');
    await expect(owner.getByTestId('docket-input-chip').textContent()).resolves.toContain('A.24-01-001');
    await shot(owner, '02-new-filled');

    await owner.getByTestId('workspace-submit').click();
    await owner.waitForURL(/\/workspaces\/preview\?id=.+&created=1/);
    workspaceId = new URL(owner.url()).searchParams.get('id') ?? '';
    expect(workspaceId).toMatch(/^[0-9a-f-]{36}$/);
    await owner.getByTestId('workspace-created').waitFor();
    await expect(owner.getByTestId('workspace-title').textContent()).resolves.toBe(workspaceName);
    await expect(owner.getByTestId('role-badge').first().getAttribute('data-role')).resolves.toBe('owner');

    const rows = await owner
      .getByTestId('filter-row')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('data-label'), [...el.querySelectorAll('dd span')].map((s) => s.textContent)]),
      );
    expect(rows.map(([label]) => label)).toEqual([
      'Agencies and courts',
      'Filing types',
      'Dockets',
      'Parties',
      'Filed',
    ]);
    expect(rows[1]![1]).toEqual(['Decision', 'Order']);
    expect(rows[2]![1]).toEqual(['A.24-01-001']);
    expect(rows[3]![1]).toEqual(['Pacific Gas and Electric Company']);
    expect(rows[4]![1]).toEqual(['Jan 1, 2024 – Dec 31, 2024']);
    // Agencies are shown by name, not by id.
    expect((rows[0]![1] as string[]).some((name) => chosenAgencies.includes(name))).toBe(false);
    expect(rows[0]![1]).toHaveLength(2);
    await expect(owner.getByTestId('log-empty').isVisible()).resolves.toBe(true);
    await expect(owner.getByTestId('workspace-open').getAttribute('href')).resolves.toBe(
      `/workspaces/${workspaceId}/search`,
    );
    await shot(owner, '03-preview-owner');
  });

  test('the workspace is listed in "your workspaces" with its role, members and activity', async () => {
    await owner.goto('/workspaces/select');
    const row = owner.locator(`[data-testid="workspace-row"][data-workspace-id="${workspaceId}"]`);
    await row.waitFor();
    await expect(row.getByTestId('workspace-name-link').textContent()).resolves.toBe(workspaceName);
    await expect(row.getByTestId('role-badge').getAttribute('data-role')).resolves.toBe('owner');
    await expect(row.textContent()).resolves.toContain('Not yet');
    await expect(row.getByTestId('workspace-open-link').getAttribute('href')).resolves.toBe(
      `/workspaces/${workspaceId}/search`,
    );
    await shot(owner, '04-select-owner');
    await row.getByTestId('workspace-preview-link').click();
    await owner.waitForURL(new RegExp(`/workspaces/preview\\?id=${workspaceId}$`));
  });

  test('the owner adds a colleague as a viewer from the settings, after a mistyped e-mail', async () => {
    await owner.getByTestId('workspace-settings-link').click();
    await owner.waitForURL(new RegExp(`/workspaces/${workspaceId}/settings$`));
    // Inside a workspace, the top bar names it and offers the others.
    await owner.locator('[data-testid="workspace-switcher"]', { hasText: workspaceName }).waitFor();
    await owner.getByTestId('member-email').fill(`nobody-${tag}@example.com`);
    await owner.getByTestId('member-add').click();
    await owner.locator('#member-email-error').waitFor();
    await expect(owner.locator('#member-email-error').textContent()).resolves.toBe(
      'No one in your organisation has this e-mail address',
    );

    await owner.getByTestId('member-email').fill(people.viewer.email);
    await owner.getByTestId('member-role').selectOption('viewer');
    await owner.getByTestId('member-add').click();
    await owner.getByTestId('member-added').waitFor();
    const viewerRow = owner.locator(`[data-testid="member-row"][data-email="${people.viewer.email}"]`);
    await viewerRow.waitFor();
    await expect(viewerRow.getAttribute('data-role')).resolves.toBe('viewer');
    await expect(viewerRow.textContent()).resolves.toContain(people.viewer.name);
    // Owners see the danger zone, closed until asked.
    await owner.getByTestId('danger-zone').waitFor();
    await expect(owner.getByTestId('delete-workspace-confirm-name').count()).resolves.toBe(0);
    await shot(owner, '05-settings-owner');

    // The last owner cannot demote themselves: the refusal is shown, the role stays.
    await owner.locator(`[data-testid="member-row"][data-email="${people.owner.email}"] select`).selectOption('editor');
    await owner.getByTestId('members-error').waitFor();
    await expect(owner.getByTestId('members-error').textContent()).resolves.toMatch(/last owner/);
  });

  test('the viewer sees the workspace read-only', async () => {
    viewer = await signedIn(people.viewer.email);
    await viewer.goto('/workspaces/select');
    const row = viewer.locator(`[data-testid="workspace-row"][data-workspace-id="${workspaceId}"]`);
    await row.waitFor();
    await expect(row.getByTestId('role-badge').getAttribute('data-role')).resolves.toBe('viewer');
    await expect(row.getByTestId('workspace-open-link').count()).resolves.toBe(0);
    await shot(viewer, '06-select-viewer');

    await row.getByTestId('workspace-preview-link').click();
    await viewer.getByTestId('viewer-notice').waitFor();
    await expect(viewer.getByTestId('workspace-open').count()).resolves.toBe(0);
    await expect(viewer.getByTestId('workspace-settings-link').count()).resolves.toBe(0);
    const members = await viewer
      .getByTestId('workspace-members')
      .getByTestId('member-row')
      .evaluateAll((els) => els.map((el) => [el.getAttribute('data-email'), el.getAttribute('data-role')]));
    expect(members).toEqual([
      [people.owner.email, 'owner'],
      [people.viewer.email, 'viewer'],
    ]);
    await expect(viewer.getByTestId('workspace-members').textContent()).resolves.toContain(people.owner.name);
    await shot(viewer, '07-preview-viewer');

    await viewer.goto(`/workspaces/${workspaceId}/settings`);
    await viewer.getByTestId('settings-read-only').waitFor();
    await expect(viewer.getByTestId('workspace-form').count()).resolves.toBe(0);
    await expect(viewer.getByTestId('member-add').count()).resolves.toBe(0);
    await expect(viewer.getByTestId('member-role-select').count()).resolves.toBe(0);
    await expect(viewer.getByTestId('danger-zone').count()).resolves.toBe(0);
    await shot(viewer, '08-settings-viewer');

    // Exporting runs the workspace's searches again: a viewer is told so, with nothing to start.
    await viewer.goto(`/export/workspace/${workspaceId}`);
    await expect(viewer.getByTestId('export-viewers-refused').textContent()).resolves.toContain(
      'Viewers cannot export from this workspace',
    );
    await expect(viewer.getByTestId('export-start').count()).resolves.toBe(0);
    await shot(viewer, '08b-export-viewer');
  });

  test('someone who is not a member does not see it, not even by its address', async () => {
    const outsider = await signedIn(people.outsider.email);
    await outsider.goto('/workspaces/select');
    await outsider.getByTestId('workspaces-empty').waitFor();
    const response = await outsider.goto(`/workspaces/preview?id=${workspaceId}`);
    expect(response?.status()).toBe(404);
    await outsider.getByTestId('workspace-not-found').waitFor();
    await expect(outsider.locator('body').textContent()).resolves.not.toContain(workspaceName);
    await shot(outsider, '09-preview-outsider');
    const settings = await outsider.goto(`/workspaces/${workspaceId}/settings`);
    expect(settings?.status()).toBe(404);
  });

  test('the owner deletes the workspace after typing its name; it is gone from the list and its pages', async () => {
    await owner.goto(`/workspaces/${workspaceId}/settings`);
    await owner.getByTestId('delete-workspace-open').click();
    const confirmName = owner.getByTestId('delete-workspace-confirm-name');
    const submit = owner.getByTestId('delete-workspace-submit');
    await confirmName.waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await confirmName.fill(workspaceName.toUpperCase());
    await expect(submit.isDisabled()).resolves.toBe(true);
    await confirmName.fill(workspaceName);
    await expect(submit.isEnabled()).resolves.toBe(true);
    await shot(owner, '10-settings-delete-confirm');
    await owner.getByTestId('danger-zone').screenshot({ path: path.join(shots, '10-danger-zone.png') });

    await submit.click();
    await owner.waitForURL(
      (url) => url.pathname === '/workspaces/select' && url.searchParams.get('deleted') === workspaceName,
    );
    await owner.getByTestId('workspace-deleted-notice').waitFor();
    await expect(owner.getByTestId('workspace-deleted-notice').textContent()).resolves.toContain(workspaceName);
    // It was the owner's only workspace.
    await owner.getByTestId('workspaces-empty').waitFor();
    await expect(
      owner.locator(`[data-testid="workspace-row"][data-workspace-id="${workspaceId}"]`).count(),
    ).resolves.toBe(0);
    await shot(owner, '11-select-after-delete');

    // Gone for its other members too, and its pages answer 404.
    await viewer.goto('/workspaces/select');
    await viewer.getByTestId('workspaces-empty').waitFor();
    for (const page of [owner, viewer]) {
      expect((await page.goto(`/workspaces/${workspaceId}/settings`))?.status()).toBe(404);
      expect((await page.goto(`/workspaces/preview?id=${workspaceId}`))?.status()).toBe(404);
    }
  });
});
