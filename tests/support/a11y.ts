import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ROLE_PRESETS, type RoleName } from '../../domain/permissions';
import { canAccessResource } from '../../domain/resources/access';
import { query } from './customers';
import { navigate, type TestServer } from './browser';
import { SCREENS, type Screen, type ScreenIds } from '../fixtures/screens';

/** Whether `role` may open `screen` (public pages and 'any' screens: everyone). */
export function mayOpen(role: RoleName, screen: Screen): boolean {
  if (!screen.resource || !screen.action || screen.action === 'any') return true;
  return canAccessResource(ROLE_PRESETS[role], screen.resource, screen.action);
}

/** The screens `role` may open, signed in (public pages excluded). */
export const screensOf = (role: RoleName): Screen[] => SCREENS.filter((s) => s.action && mayOpen(role, s));

/** One record of each kind the screens' addresses name, from the seeded network (and rows added for the plain lists). */
export async function screenIds(server: TestServer): Promise<ScreenIds> {
  const one = async (sql: string) => {
    const [row] = await query<{ id: string; g?: string }>(server, sql);
    if (!row) throw new Error(`no row for: ${sql}`);
    return row;
  };
  await query(server, "INSERT INTO audit_log (at, admin_id, slug, record_type, record_id, before, after) VALUES (now(), NULL, 'admin/addDocument', 'document', gen_random_uuid(), NULL, '{\"label\":\"Signed agreement\"}'::jsonb)");
  await query(server, "INSERT INTO mail_outbox (created_at, \"to\", subject, text, kind, status) VALUES (now(), 'fleet.manager@lease.example', 'Network export', 'Your file is attached.', 'networkExport', 'outbox')");
  await query(server, "INSERT INTO pgboss.job (id, name, data, state, retry_limit, retry_count, created_on, started_on, completed_on) VALUES (gen_random_uuid(), 'network-export', '{}'::jsonb, 'completed', 3, 0, now(), now(), now())");
  await query(server, "INSERT INTO file_validation_reports (validation_type, file_name, uploaded_by, is_processing, process_indicator, error) VALUES ('LEX_STOCK', 'stock.csv', '{\"firstname\":\"Ada\",\"lastname\":\"Admin\"}', false, 'FAILED', 'The file is larger than 25 MB (file too large)')");
  const supplier = await one('SELECT id, group_id AS g FROM suppliers ORDER BY id LIMIT 1');
  return {
    customer: (await one("SELECT id FROM lease_companies WHERE status = 'ACTIVE' ORDER BY seq LIMIT 1")).id,
    group: (await one('SELECT id FROM supplier_groups ORDER BY id LIMIT 1')).id,
    supplier: supplier.id,
    supplierGroup: supplier.g!,
    registration: (await one('SELECT id FROM e_registrations ORDER BY id LIMIT 1')).id,
    auditLog: String((await one('SELECT id FROM audit_log ORDER BY at DESC LIMIT 1')).id),
    mail: String((await one('SELECT id FROM mail_outbox ORDER BY created_at DESC LIMIT 1')).id),
    job: String((await one("SELECT id FROM pgboss.job WHERE name = 'network-export' ORDER BY created_on DESC LIMIT 1")).id),
    admin: (await one("SELECT id FROM administrators WHERE email = 'editor@fleet-network.example'")).id,
    processLog: (await one('SELECT id FROM process_logs ORDER BY executed_at DESC LIMIT 1')).id,
    fileValidationReport: (await one('SELECT id FROM file_validation_reports ORDER BY uploaded_at DESC LIMIT 1')).id,
  };
}

/** Waits until the page shows its title and nothing on it is still loading. */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // A screen whose record is on its way says so (aria-busy on its frame) besides any spinner.
  await expect.poll(() => page.locator('[aria-busy="true"]').or(page.getByRole('progressbar')).count()).toBe(0);
}

/**
 * Opens `url` in the console already loaded in `page` as a link inside it would (the router's
 * own history, no reload), or loads it when the page is blank; resolves once the new screen has
 * settled. A reload per screen would cost more than the check itself.
 */
export async function visit(page: Page, url: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(url);
    await settled(page);
    return;
  }
  // No title to be seen (a dialog left open hides the page from assistive technology): load afresh.
  const before = await page.getByRole('heading', { level: 1 }).first().elementHandle({ timeout: 2_000 }).catch(() => null);
  if (!before) {
    await page.goto(url);
    await settled(page);
    return;
  }
  await navigate(page, url);
  await expect.poll(() => before.evaluate((el) => !el.isConnected)).toBe(true);
  await settled(page);
}

/**
 * What the page shows, as a fingerprint: its markup without React's generated ids. Two presets
 * that see a screen the same way give the same fingerprint, and axe need not run twice on it.
 */
export function fingerprint(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const markup = document.body.innerHTML.replace(/_r_[0-9a-z]+_/g, '');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(markup));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  });
}

/** Roles of the controls a user operates, whose names must tell them apart. */
const CONTROL_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'textbox', 'combobox', 'menuitem', 'tab', 'spinbutton', 'slider', 'searchbox']);

/** Named containers a screen reader announces on the way to a control: its row, card, group or section. */
const CONTEXT_ROLES = new Set(['row', 'listitem', 'article', 'group', 'region', 'navigation', 'dialog', 'form', 'complementary', 'banner', 'main', 'radiogroup', 'toolbar']);

interface AxNode {
  nodeId: string;
  parentId?: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  description?: { value: string };
}

/**
 * The controls on the page a screen-reader user could not tell apart, as Chromium's accessibility
 * tree computes them: the same role, name and description inside the same named container. A
 * control repeated on each row or card is told apart by its row's name or by its description.
 */
export async function ambiguousControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const context = (n: AxNode): string => {
      for (let p = n.parentId ? byId.get(n.parentId) : undefined; p; p = p.parentId ? byId.get(p.parentId) : undefined) {
        if (!p.ignored && CONTEXT_ROLES.has(p.role?.value ?? '') && p.name?.value) return `${p.role!.value} "${p.name.value}"`;
      }
      return 'page';
    };
    const seen = new Map<string, number>();
    for (const n of nodes) {
      const role = n.role?.value ?? '';
      if (n.ignored || !CONTROL_ROLES.has(role)) continue;
      const key = `${role} "${n.name?.value ?? ''}"${n.description?.value ? ` described as "${n.description.value}"` : ''} in ${context(n)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    return [...seen].filter(([, count]) => count > 1).map(([key, count]) => `${count} × ${key}`);
  } finally {
    await cdp.detach();
  }
}

/**
 * How many live regions would announce `text`: the live regions (role alert, status or log, or
 * aria-live) around the innermost element showing it. One means it is announced once; a live
 * region inside another announces it twice.
 */
export function liveRegionsAround(page: Page, text: string): Promise<number> {
  return page.evaluate((wanted) => {
    const holders = [...document.body.querySelectorAll('*')].filter((el) => el.textContent?.includes(wanted) && ![...el.children].some((c) => c.textContent?.includes(wanted)));
    const live = (el: Element) => ['alert', 'status', 'log'].includes(el.getAttribute('role') ?? '') || (el.hasAttribute('aria-live') && el.getAttribute('aria-live') !== 'off');
    let most = 0;
    for (const holder of holders) {
      let count = 0;
      for (let el: Element | null = holder; el; el = el.parentElement) if (live(el)) count++;
      most = Math.max(most, count);
    }
    return most;
  }, text);
}
