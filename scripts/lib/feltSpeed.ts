/**
 * How quickly the console answers, as a person sees it in Chromium, on the server at `baseURL`
 * (the real app on the configured database, serving a built console):
 *   - Supplier Search: a word typed and Enter pressed → the new results and facet counts on screen;
 *   - the Support dashboard's Enquiry Search: an enquiry number and Enter → its card on screen;
 *   - opening Supplier Search after sign-in, from the landing page (in-app navigation) and as a
 *     fresh load of its address (empty cache): → its results on screen;
 * with the requests each sends (how many, and whether they overlap or go one after another) and
 * the JavaScript downloaded to reach the signed-in list.
 *
 * Times are taken in the page (event timestamps, performance.now() after the frame that shows the
 * change, resource timing for requests), not from Playwright's polling.
 */
import type { BrowserContext, Page, Response } from 'playwright-core';
import type { Database } from '../../server/db/client';
import type { Services } from '../../server/services';
import { launchBrowser } from '../../tests/support/browser';
import { ensureBenchAdmin, latestPasscode, percentile, type BenchAdmin } from './benchSession';

export const FELT_TARGETS = { searchMs: 200, listOpenMs: 500 } as const;

export interface Measure {
  /** Milliseconds per run (the first, warming run left out). */
  samples: number[];
  first: number;
  p50: number;
  p95: number;
  max: number;
}

export interface RequestPattern {
  /** Search requests per run (multi_search counted once), their distribution: count → runs. */
  searches: Record<number, number>;
  /** Other API requests per run (the search key, RPC calls): count → runs. */
  others: Record<number, number>;
  /** Runs where a search request started only after an earlier one had been answered. */
  sequentialRuns: number;
  /** Median time from the start (key press, navigation) to the first request leaving. */
  firstRequestP50: number | null;
  /** The paths of one run's requests, as an example. */
  example: string[];
}

export interface FeltFigures {
  runs: number;
  supplierSearch: Measure & { requests: RequestPattern; words: string[] };
  enquirySearch: Measure & { requests: RequestPattern };
  listOpenInApp: Measure & { requests: RequestPattern };
  listOpenCold: Measure & { requests: RequestPattern };
  /** The requests of the landing page (Customer Onboarding, where signing in leads), loaded afresh. */
  landingRequests: RequestPattern;
  /** Scripts downloaded by a fresh load of the signed-in list. */
  javascript: { files: number; compressedBytes: number; bytes: number };
}

export interface FeltOptions {
  baseURL: string;
  services: Services;
  database: Database;
  runs: number;
  admin?: BenchAdmin;
  log?(line: string): void;
}

const SUPPLIER_SEARCH = '/supplier/supplier-search';
const LANDING = '/customer/setup';
const DEFAULT_ADMIN: BenchAdmin = { email: 'bench-felt@bench.local', password: 'bench felt password 1', role: 'SUPER_ADMIN', lastname: 'Felt' };

interface PageRequest {
  path: string;
  start: number;
  end: number;
}
interface PageRun {
  ms: number;
  requests: PageRequest[];
  facetsChanged?: boolean;
}

/**
 * Installed in every page before its scripts: resource timing kept for the whole run, and helpers
 * the runs call. `__felt.arm(kind, …)` watches the DOM for the end of one interaction; the interaction's
 * start is the Enter keydown's timestamp (searches) or the moment of arming (navigations).
 */
function pageHelpers() {
  type Req = { path: string; start: number; end: number };
  type W = Window & { __felt: Record<string, unknown> };
  performance.setResourceTimingBufferSize(100_000);
  const afterFrame = () =>
    new Promise<number>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  const requestsSince = (t0: number): Req[] =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.startTime >= t0 - 1 && e.name.includes('/api/v1/'))
      .map((e) => ({ path: new URL(e.name).pathname.replace('/api/v1/', ''), start: e.startTime - t0, end: e.responseEnd - t0 }));
  const results = () => document.querySelector('[role="region"][aria-label="Search results"]');
  const facetText = () => document.querySelector('main fieldset')?.textContent ?? document.querySelector('fieldset')?.textContent ?? '';
  const supplierReady = (before: { results: string; facets: string } | null) => {
    const region = results();
    if (!region || region.querySelector('[aria-label="Searching"]')) return false;
    if (before) return region.textContent !== before.results;
    // A first load: cards (or the empty message) and counts that are not all zero.
    return (region.querySelector('article') !== null || /No results found/.test(region.textContent ?? '')) && /\([1-9]\d*\)/.test(facetText());
  };
  const watch = (ready: () => boolean) =>
    new Promise<number>((resolve) => {
      const check = () => {
        if (!ready()) return;
        observer.disconnect();
        void afterFrame().then(resolve);
      };
      const observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
      check();
    });
  const felt = {
    requestsSince,
    snapshot: () => ({ results: results()?.textContent ?? '', facets: facetText() }),
    /** Times an Enter on Supplier Search; resolves with { ms, facetsChanged, t0 }. */
    armSupplierSearch() {
      const before = felt.snapshot();
      const started = new Promise<number>((resolve) =>
        document.addEventListener('keydown', (e) => e.key === 'Enter' && resolve(e.timeStamp), { capture: true, once: true }),
      );
      (window as unknown as W).__felt.pending = (async () => {
        const t0 = await started;
        const shown = await watch(() => supplierReady(before));
        // The facet counts of the new search; they may come after the cards. Given up after 3 s
        // (the same counts as before: a word whose counts do not differ).
        const facets = await Promise.race([watch(() => facetText() !== before.facets && !results()?.querySelector('[aria-label="Searching"]')), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
        return { t0, ms: Math.max(shown, facets ?? 0) - t0, facetsChanged: facets !== null };
      })();
    },
    /** Times an Enter in the enquiry search drawer until the card of `number` is on screen. */
    armEnquirySearch(number: string) {
      const started = new Promise<number>((resolve) =>
        document.addEventListener('keydown', (e) => e.key === 'Enter' && resolve(e.timeStamp), { capture: true, once: true }),
      );
      (window as unknown as W).__felt.pending = (async () => {
        const t0 = await started;
        const shown = await watch(() => document.querySelector(`article[aria-label="Enquiry ${CSS.escape(number)}"]`) !== null);
        return { t0, ms: shown - t0 };
      })();
    },
    /** Navigates in the app (as a link does) to `path` and times it until Supplier Search's results are on screen. */
    openInApp(path: string) {
      const t0 = performance.now();
      history.pushState({ usr: null, key: `felt${Math.random().toString(36).slice(2, 8)}`, idx: (history.state?.idx ?? 0) + 1 }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      (window as unknown as W).__felt.pending = watch(() => supplierReady(null)).then((shown) => ({ t0, ms: shown - t0 }));
    },
  };
  (window as unknown as W).__felt = felt;
  // A page loaded at Supplier Search: the time from the navigation's start to its results.
  if (location.pathname.endsWith('/supplier-search')) {
    (window as unknown as W).__felt.loaded = new Promise<number>((resolve) => {
      const go = () => watch(() => supplierReady(null)).then(resolve);
      if (document.documentElement) void go();
      else document.addEventListener('DOMContentLoaded', () => void go());
    });
  }
}

/** As source: tsx names functions with a helper of its own (__name), which the page has not. */
const HELPERS = { content: `var __name = (f) => f; (${pageHelpers.toString()})();` };

type Felt = {
  pending: Promise<{ t0: number; ms: number; facetsChanged?: boolean }>;
  loaded: Promise<number>;
  requestsSince(t0: number): PageRequest[];
  armSupplierSearch(): void;
  armEnquirySearch(n: string): void;
  openInApp(path: string): void;
};
const felt = (page: Page) => ({
  /** Waits for the armed interaction, lets late requests finish, and returns the time and the requests. */
  async finish(settleMs = 800): Promise<PageRun> {
    const run = await page.evaluate(() => (window as unknown as { __felt: Felt }).__felt.pending);
    await page.waitForTimeout(settleMs);
    const requests = await page.evaluate((t0) => (window as unknown as { __felt: Felt }).__felt.requestsSince(t0), run.t0);
    return { ms: run.ms, requests, facetsChanged: run.facetsChanged };
  },
});

function measure(all: number[]): Measure {
  const samples = all.length > 1 ? all.slice(1) : all;
  return { samples, first: all[0], p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) };
}

const isSearch = (r: PageRequest) => r.path.startsWith('search/');

function pattern(runs: PageRun[]): RequestPattern {
  const searches: Record<number, number> = {};
  const others: Record<number, number> = {};
  let sequentialRuns = 0;
  const firsts: number[] = [];
  for (const run of runs) {
    const s = run.requests.filter(isSearch).sort((a, b) => a.start - b.start);
    const o = run.requests.filter((r) => !isSearch(r));
    searches[s.length] = (searches[s.length] ?? 0) + 1;
    others[o.length] = (others[o.length] ?? 0) + 1;
    if (s.some((r, i) => s.slice(0, i).some((earlier) => r.start >= earlier.end))) sequentialRuns++;
    if (run.requests.length) firsts.push(Math.min(...run.requests.map((r) => r.start)));
  }
  const example = runs[runs.length - 1]?.requests.map((r) => `${r.path.replace(/\?.*/, '')} ${r.start.toFixed(0)}–${r.end.toFixed(0)} ms`) ?? [];
  return { searches, others, sequentialRuns, firstRequestP50: firsts.length ? percentile(firsts, 50) : null, example };
}

/** Words of supplier names, broad and narrow, for the searches (at least three characters, in turn). */
async function supplierWords(database: Database): Promise<string[]> {
  const rows = await database.query<{ w: string; n: string | number }>(
    `SELECT w, count(*) AS n FROM (SELECT regexp_split_to_table(lower(name), '[^a-z0-9]+') AS w FROM suppliers) x
     WHERE length(w) >= 4 GROUP BY w ORDER BY count(*) DESC, w`,
  );
  if (!rows.length) throw new Error('no suppliers to search for');
  const broad = rows.slice(0, 3).map((r) => r.w);
  if (rows.some((r) => r.w === 'auto') && !broad.includes('auto')) broad[2] = 'auto';
  const narrowRows = rows.filter((r) => Number(r.n) >= 2 && Number(r.n) <= 20);
  const narrow = [0.2, 0.5, 0.8].map((f) => narrowRows[Math.floor(f * narrowRows.length)]?.w).filter((w): w is string => Boolean(w));
  // Broad and narrow in turn, so two searches in a row always differ.
  const words: string[] = [];
  for (let i = 0; i < Math.max(broad.length, narrow.length); i++) words.push(...[broad[i], narrow[i]].filter((w): w is string => Boolean(w)));
  return [...new Set(words)];
}

async function enquiryNumbers(database: Database, n: number): Promise<string[]> {
  const rows = await database.query<{ enquiry_number: string }>(
    `(SELECT enquiry_number FROM enquiries ORDER BY md5(enquiry_number) LIMIT $1)
     UNION ALL (SELECT enquiry_number FROM archived_enquiries ORDER BY md5(enquiry_number) LIMIT $2)`,
    [n, Math.ceil(n / 4)],
  );
  if (!rows.length) throw new Error('no enquiries to search for');
  return rows.map((r) => r.enquiry_number);
}

/** Signs `admin` in through the sign-in pages, the passcode read from mail_outbox; ends on the landing page. */
export async function signInThroughPages(page: Page, services: Services, admin: BenchAdmin): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  const asked = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/(validate-otp|customer\/setup)$/);
  if (page.url().endsWith('/validate-otp')) {
    let code: string | null = null;
    for (let i = 0; i < 100 && !code; i++) {
      code = await latestPasscode(services, admin.email, asked);
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    if (!code) throw new Error('no passcode in mail_outbox');
    await page.getByLabel('Digit 1 of 6').pressSequentially(code);
    await page.getByRole('button', { name: 'SUBMIT OTP' }).click();
    await page.waitForURL(`**${LANDING}`);
  }
  await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
}

export async function feltSpeed(opts: FeltOptions): Promise<FeltFigures> {
  const log = opts.log ?? (() => undefined);
  const admin = opts.admin ?? DEFAULT_ADMIN;
  const runs = Math.max(2, opts.runs);
  await ensureBenchAdmin(opts.services, admin);
  const words = await supplierWords(opts.database);
  const numbers = await enquiryNumbers(opts.database, runs + 1);
  const browser = await launchBrowser();
  try {
    const { context, page } = await browser.newPage(opts.baseURL);
    await context.addInitScript(HELPERS);
    await signInThroughPages(page, opts.services, admin);
    const cookies = await context.cookies();

    // (a) Supplier Search: word + Enter → results.
    log(`supplier search: ${runs + 1} searches over ${words.join(', ')}`);
    await page.goto(SUPPLIER_SEARCH);
    await page.evaluate(() => (window as unknown as { __felt: Felt }).__felt.loaded);
    const box = page.getByRole('searchbox', { name: 'Enter search text' });
    const supplierRuns: PageRun[] = [];
    for (let i = 0; i <= runs; i++) {
      await box.fill(words[i % words.length]);
      await page.evaluate(() => (window as unknown as { __felt: Felt }).__felt.armSupplierSearch());
      await box.press('Enter');
      supplierRuns.push(await felt(page).finish());
    }
    for (const [i, r] of supplierRuns.entries())
      log(`supplier search ${i}: ${r.ms.toFixed(0)} ms; ${r.requests.map((q) => `${q.path.replace(/\?.*/, '')} ${q.start.toFixed(0)}–${q.end.toFixed(0)}`).join(', ')}`);
    const unchanged = supplierRuns.filter((r) => !r.facetsChanged).length;
    if (unchanged) log(`supplier search: ${unchanged} searches kept the same facet counts (timed to the results alone)`);

    // (b) Enquiry Search on the Support dashboard: number + Enter → its card.
    log(`enquiry search: ${runs + 1} searches`);
    await page.goto('/support/support-dashboard');
    await page.getByRole('button', { name: 'Enquiry Search' }).click();
    const field = page.getByRole('textbox', { name: 'Enquiry number' });
    await field.waitFor();
    const enquiryRuns: PageRun[] = [];
    for (let i = 0; i <= runs; i++) {
      const number = numbers[i % numbers.length];
      await field.fill(number);
      await page.evaluate((n) => (window as unknown as { __felt: Felt }).__felt.armEnquirySearch(n), number);
      await field.press('Enter');
      enquiryRuns.push(await felt(page).finish(300));
    }

    // (c) Opening the list after sign-in, from the landing page (its counts on screen).
    log(`list open from the landing page: ${runs + 1} times`);
    const inAppRuns: PageRun[] = [];
    const landingRuns: PageRun[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.goto(LANDING);
      await page.getByRole('heading', { level: 1, name: 'Customer Onboarding' }).waitFor();
      await page.waitForLoadState('networkidle');
      // What the landing page itself asked for (a full load: from the navigation's start).
      landingRuns.push({ ms: 0, requests: await page.evaluate(() => (window as unknown as { __felt: Felt }).__felt.requestsSince(0)) });
      await page.evaluate((path) => (window as unknown as { __felt: Felt }).__felt.openInApp(path), SUPPLIER_SEARCH);
      inAppRuns.push(await felt(page).finish());
    }

    // (c') A fresh load of the list's address in a new profile (nothing cached), signed in.
    log(`list open as a fresh load: ${runs + 1} times`);
    const coldRuns: PageRun[] = [];
    let javascript = { files: 0, compressedBytes: 0, bytes: 0 };
    for (let i = 0; i <= runs; i++) {
      const fresh = await browser.browser.newContext({ baseURL: opts.baseURL, viewport: { width: 1366, height: 860 }, locale: 'en-GB', reducedMotion: 'reduce' });
      try {
        await fresh.addCookies(cookies);
        await fresh.addInitScript(HELPERS);
        const p = await fresh.newPage();
        const scripts: Response[] = [];
        if (i === 0) p.on('response', (r) => void (r.request().resourceType() === 'script' && scripts.push(r)));
        await p.goto(SUPPLIER_SEARCH);
        const ms = await p.evaluate(() => (window as unknown as { __felt: Felt }).__felt.loaded);
        await p.waitForTimeout(500);
        const requests = await p.evaluate(() => (window as unknown as { __felt: Felt }).__felt.requestsSince(0));
        coldRuns.push({ ms, requests });
        if (i === 0) javascript = await scriptBytes(scripts);
      } finally {
        await fresh.close();
      }
    }
    await closeQuietly(context);
    return {
      runs,
      supplierSearch: { ...measure(supplierRuns.map((r) => r.ms)), requests: pattern(supplierRuns.slice(1)), words },
      enquirySearch: { ...measure(enquiryRuns.map((r) => r.ms)), requests: pattern(enquiryRuns.slice(1)) },
      listOpenInApp: { ...measure(inAppRuns.map((r) => r.ms)), requests: pattern(inAppRuns.slice(1)) },
      listOpenCold: { ...measure(coldRuns.map((r) => r.ms)), requests: pattern(coldRuns.slice(1)) },
      javascript,
      landingRequests: pattern(landingRuns.slice(1)),
    };
  } finally {
    await browser.close();
    // The worker's Chromium too: a benchmark's process must end.
    await browser.browser.close();
  }
}

async function scriptBytes(scripts: Response[]) {
  let compressedBytes = 0;
  let bytes = 0;
  for (const r of scripts) {
    compressedBytes += (await r.request().sizes()).responseBodySize;
    bytes += (await r.body()).length;
  }
  return { files: scripts.length, compressedBytes, bytes };
}

async function closeQuietly(context: BrowserContext) {
  await context.close().catch(() => undefined);
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const dist = (d: Record<number, number>) =>
  Object.entries(d)
    .map(([n, runs]) => `${n}×${runs}`)
    .join(', ');

/** The figures as lines to print, each target with OK or MISSED. */
export function feltReport(f: FeltFigures): string[] {
  const lines: string[] = [];
  const row = (name: string, m: Measure & { requests: RequestPattern }, target: number) => {
    const ok = m.p95 <= target;
    lines.push(`${name.padEnd(34)} p50 ${ms(m.p50).padStart(7)}  p95 ${ms(m.p95).padStart(7)}  max ${ms(m.max).padStart(7)}  (first ${ms(m.first)}; ${m.samples.length} runs)  target p95 ≤ ${target} ms: ${ok ? 'OK' : 'MISSED'}`);
    const r = m.requests;
    lines.push(
      `${''.padEnd(34)} search requests per run: ${dist(r.searches)} (count×runs); other API requests: ${dist(r.others)}; ` +
        `${r.sequentialRuns ? `one after another in ${r.sequentialRuns} runs` : 'overlapping (never one after another)'}; first request after ${r.firstRequestP50 === null ? '—' : ms(r.firstRequestP50)} (p50)`,
    );
    lines.push(`${''.padEnd(34)} e.g. ${r.example.join('; ')}`);
  };
  row('Supplier Search, Enter → results', f.supplierSearch, FELT_TARGETS.searchMs);
  row('Enquiry Search, Enter → results', f.enquirySearch, FELT_TARGETS.searchMs);
  row('list open from the landing page', f.listOpenInApp, FELT_TARGETS.listOpenMs);
  row('list open, fresh load (no cache)', f.listOpenCold, FELT_TARGETS.listOpenMs);
  const l = f.landingRequests;
  lines.push(
    `landing page (Customer Onboarding) requests per load: searches ${dist(l.searches)} (count×runs), other API ${dist(l.others)}; ${l.sequentialRuns ? `searches one after another in ${l.sequentialRuns} runs` : 'searches overlapping or one'}`,
  );
  lines.push(`${''.padEnd(34)} e.g. ${l.example.join('; ')}`);
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  lines.push(`JavaScript to reach the signed-in list: ${f.javascript.files} files, ${kB(f.javascript.compressedBytes)} compressed (${kB(f.javascript.bytes)} to parse)`);
  lines.push(`words searched on Supplier Search: ${f.supplierSearch.words.join(', ')}`);
  return lines;
}
