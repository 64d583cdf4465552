import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Request } from 'playwright-core';
import { onTestFailed, type OnTestFailedHandler } from 'vitest';

/** Where a failed browser test leaves what its pages saw; `npm test` prints it after the summary. */
export const FAILURE_JOURNAL = 'test-results/e2e-failures.log';

const API = '/api/';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const shortUrl = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`.slice(0, 300);
};

/**
 * Keeps, for one test's browser context, the API calls that failed or were still unanswered and
 * the errors its pages threw, and writes them out only if the test fails. A test that times out
 * waiting for a screen then says whether the server answered with an error, never answered, or
 * the page broke, which a time-out alone cannot tell.
 */
export function keepJournal(context: BrowserContext): void {
  const started = Date.now();
  const lines: string[] = [];
  const waiting = new Map<Request, number>();
  const note = (line: string) => lines.push(`${seconds(Date.now() - started)}  ${line}`);
  context.on('request', (r) => {
    if (r.url().includes(API)) waiting.set(r, Date.now());
  });
  // Answered once its headers arrive: an event stream (live updates) stays open afterwards.
  context.on('response', (res) => {
    const r = res.request();
    if (!waiting.delete(r)) return;
    if (res.status() >= 400) note(`${r.method()} ${shortUrl(r.url())} → ${res.status()}`);
  });
  context.on('requestfailed', (r) => {
    if (waiting.delete(r)) note(`${r.method()} ${shortUrl(r.url())} failed: ${r.failure()?.errorText ?? 'unknown'}`);
  });
  context.on('weberror', (e) => note(`page error: ${e.error().message}`));
  context.on('console', (m) => {
    if (m.type() === 'error') note(`console error: ${m.text().slice(0, 300)}`);
  });
  const report: OnTestFailedHandler = ({ task }) => {
    const now = Date.now();
    const open = [...waiting].map(([r, at]) => `unanswered after ${seconds(now - at)}: ${r.method()} ${shortUrl(r.url())}`);
    const seen = [...lines, ...open];
    fs.mkdirSync(path.dirname(FAILURE_JOURNAL), { recursive: true });
    fs.appendFileSync(
      FAILURE_JOURNAL,
      `${task.file.name} > ${task.name}\n${(seen.length ? seen : ['no failed or unanswered API call, no page error']).map((l) => `  ${l}`).join('\n')}\n`,
    );
  };
  try {
    onTestFailed(report);
  } catch {
    // A context opened outside a test (in a beforeAll) has no test to report to.
  }
}
