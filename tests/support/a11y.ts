import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ROLE_PRESETS, type RoleName } from '../../domain/permissions';
import { canAccessResource } from '../../domain/resources/access';
import { query } from './customers';
import type { TestServer } from './browser';
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
  const before = await page.getByRole('heading', { level: 1 }).first().elementHandle();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  if (before) await expect.poll(() => before.evaluate((el) => !el.isConnected)).toBe(true);
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
