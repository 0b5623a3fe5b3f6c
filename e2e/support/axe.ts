import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core from the project's own dependencies (nothing downloaded), checked against WCAG 2.2 AA. */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Violation = { id: string; impact: string; help: string; nodes: string[] };
type AxeWindow = {
  axe?: {
    run: (
      context: unknown,
      options: unknown,
    ) => Promise<{
      violations: {
        id: string;
        impact: string | null;
        tags: string[];
        help: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    }>;
  };
};

/**
 * Runs axe-core on the page as it is now (or on the part `include` selects); answers the serious and critical
 * violations, a few nodes each. With `bestPractice`, axe's best practices too, at any impact: the structure a screen
 * reader finds its way by (one level-one heading, headings in order, table headers with text), which WCAG's rules
 * leave to them.
 */
export async function axeViolations(
  page: Page,
  include?: string,
  { bestPractice = false }: { bestPractice?: boolean } = {},
): Promise<Violation[]> {
  if (!(await page.evaluate(() => Boolean((globalThis as unknown as AxeWindow).axe)))) {
    // Evaluated through the debugging protocol, which the portal's CSP (no inline scripts) does not govern.
    await page.evaluate(readFileSync(AXE_SCRIPT, 'utf8'));
  }
  return page.evaluate(
    async ([tags, part, anyImpactOf]) => {
      const axe = (globalThis as unknown as AxeWindow).axe;
      if (!axe) throw new Error('axe-core did not load');
      const result = await axe.run(part ? { include: [[part]] } : globalThis, {
        runOnly: { type: 'tag', values: [...tags, ...anyImpactOf] },
        resultTypes: ['violations'],
      });
      return result.violations
        .filter(
          (v) =>
            v.impact === 'serious' ||
            v.impact === 'critical' ||
            v.tags.some((tag) => anyImpactOf.includes(tag)),
        )
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          help: v.help,
          nodes: v.nodes
            .slice(0, 8)
            .map((n) =>
              `${n.target.join(' ')} ${n.html.slice(0, 160)} :: ${n.failureSummary ?? ''}`.slice(0, 600),
            ),
        }));
    },
    [WCAG_TAGS, include, bestPractice ? ['best-practice'] : []] as const,
  );
}
