import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA, as axe-core tags it: every level-A and level-AA rule from 2.0 to 2.2. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail a check. Minor and moderate findings are printed, not failed. */
const FAILING = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** What axe finds on the page as it is now (WCAG 2.2 AA), serious and critical only. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 160)} at ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`) }));
}

/** Fails with every serious or critical finding on the page, named by `state`. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length === 0) return;
  const lines = findings.map((f) => `  ${f.rule} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`);
  throw new Error(`${state}: ${findings.length} accessibility violation(s)\n${lines.join('\n')}`);
}
