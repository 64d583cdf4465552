import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CONFIRM_PREFIX, USER_TOOL_MESSAGES } from '../../domain/support';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { query, signedInPage, withSeededServer } from '../support/customers';

/**
 * The support dashboard's Manage User tools (spec 3 §2.4): Remove User with its confirmation,
 * Verify User, and the claims update that reads the user again after its wait, against the demo
 * network.
 */
let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

async function openTool(page: Page, label: string): Promise<Locator> {
  await page.goto('/support');
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  await page.getByRole('button', { name: label, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: label, exact: true });
  await drawer.waitFor();
  return drawer;
}

async function searchUser(drawer: Locator, field: RegExp, email: string): Promise<void> {
  await drawer.getByRole('textbox', { name: field }).fill(email);
  await drawer.getByRole('button', { name: 'SEARCH' }).click();
}

type Row = { id: string; email: string };
/** Registered, enabled lease users of the demo network that are not master logins, oldest first. */
const registeredUsers = () =>
  query<Row>(server, `SELECT id::text, email FROM users WHERE status = 'REGISTERED' AND enabled AND kind = 'lease' AND NOT master_login ORDER BY seq LIMIT 3`);

/** The value shown under a label of the user card. */
const field = (card: Locator, label: string) => card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

describe('Manage User', () => {
  it("Remove User: required address, 'User not found', then a confirmed removal; a second one is refused", async () => {
    const [, , doomed] = await registeredUsers();
    const page = await signedInPage(browser, server, 'SUPPORT');
    const drawer = await openTool(page, 'Remove User');
    await drawer.getByRole('button', { name: 'SEARCH' }).click();
    await drawer.getByText(USER_TOOL_MESSAGES.emailIdRequired).waitFor();
    await searchUser(drawer, /^User Email Id/, 'nobody@nowhere.example');
    await drawer.getByRole('alert').filter({ hasText: USER_TOOL_MESSAGES.notFound }).waitFor();

    await searchUser(drawer, /^User Email Id/, `  ${doomed.email.toUpperCase()} `);
    const card = drawer.getByRole('article', { name: `User ${doomed.email}` });
    await card.waitFor();
    expect(await field(card, 'Status').textContent()).toBe('Registered');
    await drawer.getByRole('button', { name: 'Remove User' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove User' }).filter({ hasText: CONFIRM_PREFIX });
    await confirm.getByText(`${CONFIRM_PREFIX} you want to remove ${doomed.email}?`).waitFor();
    await screenshot(page, 'support-remove-user-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(USER_TOOL_MESSAGES.removed).waitFor();
    expect(await query(server, 'SELECT status, enabled FROM users WHERE id = $1', [doomed.id])).toEqual([{ status: 'DELETED', enabled: false }]);
    // Searched again, the card says Deleted, and removing again shows the server's refusal.
    await field(card, 'Status').filter({ hasText: /^Deleted$/ }).waitFor();
    await drawer.getByRole('button', { name: 'Remove User' }).click();
    await page.getByRole('dialog', { name: 'Remove User' }).filter({ hasText: CONFIRM_PREFIX }).getByRole('button', { name: 'Yes' }).click();
    await drawer.getByRole('alert').filter({ hasText: 'This user has already been deleted.' }).waitFor();
  });

  it('Verify User: the address is checked, verifying stamps it; Update Claims, only for a registered user, waits, then the card shows the new claims', async () => {
    const [user] = await registeredUsers();
    const page = await signedInPage(browser, server, 'SUPPORT');
    const drawer = await openTool(page, 'Verify User');
    await drawer.getByRole('button', { name: 'SEARCH' }).click();
    await drawer.getByText(USER_TOOL_MESSAGES.emailRequired).waitFor();
    await searchUser(drawer, /^Email/, 'not-an-address');
    await drawer.getByText(USER_TOOL_MESSAGES.emailInvalid).waitFor();

    // Update Claims is offered only to a registered user: not to one still invited.
    const [invited] = await query<Row>(server, `SELECT id::text, email FROM users WHERE status = 'INVITE_SENT' AND NOT enabled ORDER BY seq LIMIT 1`);
    await searchUser(drawer, /^Email/, invited.email);
    await drawer.getByRole('article', { name: `User ${invited.email}` }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Update Claims' }).isDisabled()).toBe(true);
    await expect.poll(() => drawer.getByRole('button', { name: 'Verify User' }).isEnabled()).toBe(true);

    await searchUser(drawer, /^Email/, user.email);
    const card = drawer.getByRole('article', { name: `User ${user.email}` });
    await card.waitFor();
    await drawer.getByRole('button', { name: 'Verify User' }).click();
    await page.getByText(USER_TOOL_MESSAGES.verified).waitFor();
    await field(card, 'Email Verified').filter({ hasText: /\d{4}/ }).waitFor();
    const [verified] = await query<{ verified: boolean }>(server, 'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [user.id]);
    expect(verified.verified).toBe(true);

    expect(await field(card, 'Claims Updated').textContent()).toBe('—');
    await drawer.getByRole('button', { name: 'Update Claims' }).click();
    await page.getByText(USER_TOOL_MESSAGES.claimsUpdated).waitFor();
    // The card is read again after the wait: the condition, not a sleep.
    await field(card, 'Claims Updated').filter({ hasText: /\d{4}/ }).waitFor({ timeout: 10_000 });
    const [row] = await query<{ role: string; updated: boolean }>(server, `SELECT claims->>'role' AS role, claims_updated_at IS NOT NULL AS updated FROM users WHERE id = $1`, [user.id]);
    expect(row).toEqual({ role: 'lease', updated: true });
    await screenshot(page, 'support-verify-user');
  });
});
