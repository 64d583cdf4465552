import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA, as axe-core tags it: every level-A and level-AA rule from 2.0 to 2.2. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail a check. Minor and moderate findings are not failed. */
const FAILING = new Set(['serious', 'critical']);

/**
 * axe-core's engine, put into the page once per document and run there directly: a wrapper that
 * injects the 600 kB engine again on every check made each check five times slower.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { html: string; target: unknown[]; failureSummary?: string }[];
}

/**
 * What axe finds on the page as it is now (WCAG 2.2 AA), serious and critical only; inside the
 * elements `within` selects when given (an open dialog: the page behind it was checked before).
 */
export async function axeFindings(page: Page, within?: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    ({ tags, within }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      return axe.run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) => r.violations);
    },
    { tags: WCAG_22_AA, within },
  );
  return violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 160)} at ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    }));
}

/** Fails with every serious or critical finding on the page (or inside `within`), named by `state`. */
export async function expectAccessible(page: Page, state: string, within?: string): Promise<void> {
  const findings = await axeFindings(page, within);
  if (findings.length === 0) return;
  const lines = findings.map((f) => `  ${f.rule} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`);
  throw new Error(`${state}: ${findings.length} accessibility violation(s)\n${lines.join('\n')}`);
}
