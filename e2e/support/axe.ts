import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// WCAG 2.2 A and AA (2.2 adds AA rules only, e.g. target size), plus axe's best practices (landmarks, one h1, heading order…).
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export interface A11yScope {
  /** CSS selectors to analyse; the whole page when left out. */
  include?: string[];
  /** CSS selectors to leave out (e.g. a third-party frame). */
  exclude?: string[];
}

/**
 * Runs axe on what the page shows now and fails with a readable list (rule, impact, help,
 * targets) when any violation is serious or critical. Wait for the content to settle first.
 */
export async function expectNoSeriousA11yViolations(page: Page, { include = [], exclude = [] }: A11yScope = {}) {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const minor = violations.filter((violation) => !BLOCKING.has(violation.impact ?? ''));
  // Moderate and minor findings do not fail the test but stay in the report for follow-up.
  if (minor.length > 0) {
    await test.info().attach('axe: moderate and minor violations', {
      body: `${page.url()}\n${describe(minor)}`,
      contentType: 'text/plain',
    });
  }
  expect(blocking.length, `axe found serious or critical violations on ${page.url()}:\n${describe(blocking)}`).toBe(0);
}

/** One entry per rule: id, impact, help and link, then each failing element's selector and why. */
function describe(violations: Violation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .map(
            (node) =>
              `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${oneLine(node.failureSummary)}` : ''}`,
          )
          .join('\n'),
    )
    .join('\n');
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');
