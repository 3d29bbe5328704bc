import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe's rules for WCAG A/AA criteria that it still calls experimental, off unless named: an accessible
 * name that leaves out the visible label (2.5.3), a paragraph styled as a heading, a table's fake caption
 * or a data cell without a header (1.3.1), a page locked to one orientation (1.3.4).
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
  'css-orientation-lock',
];

/** One line per element that breaks a WCAG 2.1 A/AA rule: the rule, its impact, the element, what axe found. */
export async function wcagViolations(target: Page): Promise<string[]> {
  // A client-side navigation sets the page's title just after it renders: checked before, the page was
  // reported untitled (document-title). A page that never gets one is still reported, once this wait ends.
  await target
    .waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page: target })
    .options({ rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags(WCAG_21_AA)
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const where = node.target.map((selector) => String(selector)).join(' ');
      const found = [...node.any, ...node.all, ...node.none].find((check) => check.message)?.message ?? violation.help;
      return `${violation.id} (${violation.impact ?? 'unknown impact'}) at ${where}: ${found}`;
    }),
  );
}
