import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TestBrowser, TestServer } from '../support/browser';
import { openDetails, query, signedInPage, withSeededServer } from '../support/customers';

/** What the screen shows (the drawers cover the viewport; a full-page shot would shrink them), once still. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve('test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // Drawers and dialogs fade and slide in: take the picture once they have settled.
  // (Endless ones, such as a spinner elsewhere on the page, never settle and are left out.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

let server: TestServer;
let browser: TestBrowser;

withSeededServer((s, b) => {
  server = s;
  browser = b;
});

interface Customer {
  id: string;
  name: string;
}
interface UserRecord {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
}

const SUSPENDED = "u.status = 'REGISTERED' AND u.suspend_at < now()";
const INVITED = "u.status IN ('INVITE_SENT', 'INVITE_RESENT') AND u.is_invite";

let candidates: Customer[] | null = null;

/** The n-th active customer (by name, as seeded) whose users include every kind the tests need;
 * the list is taken once, so what one test changes does not move the others. */
async function customerWithUsers(n: number): Promise<Customer> {
  const has = (where: string) => `EXISTS (SELECT 1 FROM users u WHERE u.lease_company_id = c.id AND u.kind = 'lease' AND ${where})`;
  candidates ??= await query<Customer>(
    server,
    `SELECT c.id, c.name FROM lease_companies c WHERE c.status = 'ACTIVE' AND ${has(SUSPENDED)} AND ${has(INVITED)} AND ${has('u.is_admin')} ORDER BY c.name`,
  );
  if (!candidates[n]) throw new Error(`no seeded customer number ${n} with suspended, invited and super users`);
  return candidates[n];
}
async function userOf(c: Customer, where: string): Promise<UserRecord> {
  const [u] = await query<UserRecord>(
    server,
    `SELECT u.id, u.firstname, u.lastname, u.email FROM users u WHERE u.lease_company_id = $1 AND u.kind = 'lease' AND ${where} ORDER BY u.firstname, u.lastname LIMIT 1`,
    [c.id],
  );
  if (!u) throw new Error(`no user of ${c.name} where ${where}`);
  return u;
}

async function openUsers(page: Page): Promise<Locator> {
  await page.getByRole('toolbar', { name: 'Customer actions' }).getByRole('button', { name: 'Users', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Users' });
  await drawer.getByRole('table').waitFor();
  return drawer;
}
const rowOf = (drawer: Locator, u: UserRecord) => drawer.getByRole('row').filter({ hasText: u.email });
/** The toast on screen. While a drawer is open the page behind it (toasts included) is hidden from
 * assistive technology, so it is looked up visually; the drawer announces the outcome itself. */
const toast = (page: Page, title: string) => page.getByRole('status', { includeHidden: true }).filter({ has: page.getByText(title, { exact: true }) });
const announced = (drawer: Locator, text: string) => drawer.getByRole('status').filter({ hasText: text });

describe('Users drawer', () => {
  it('lists the users with their statuses, Suspended in red and the super-user mark', async () => {
    const page = await signedInPage(browser, server);
    const c = await customerWithUsers(0);
    const suspended = await userOf(c, SUSPENDED);
    const invited = await userOf(c, INVITED);
    const superUser = await userOf(c, 'u.is_admin');
    await openDetails(page, c);
    const drawer = await openUsers(page);
    await drawer.getByText(c.name).waitFor();

    const [{ n }] = await query<{ n: number }>(server, "SELECT count(*)::int AS n FROM users WHERE lease_company_id = $1 AND kind = 'lease'", [c.id]);
    expect(await drawer.getByRole('row').count()).toBe(n + 1);
    const status = rowOf(drawer, suspended).getByText('Suspended', { exact: true });
    await status.waitFor();
    // Red: the theme's error colour, not the body text colour.
    const [red, body] = await Promise.all([status.evaluate((el) => getComputedStyle(el).color), drawer.getByText(c.name).evaluate((el) => getComputedStyle(el).color)]);
    expect(red).toMatch(/^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/);
    expect(red).not.toBe(body);
    await rowOf(drawer, suspended).getByRole('button', { name: 'Reactivate Login' }).waitFor();
    await rowOf(drawer, invited).getByText(/^(Invite sent|Resent invite)$/).waitFor();
    await rowOf(drawer, invited).getByRole('button', { name: 'Resend Invite' }).waitFor();
    expect(await rowOf(drawer, invited).getByRole('button', { name: 'Reactivate Login' }).count()).toBe(0);

    // The super-user mark has its tooltip for mouse and keyboard alike.
    const mark = rowOf(drawer, superUser).getByRole('img', { name: 'This is a super user' });
    await mark.hover();
    await page.getByRole('tooltip', { name: 'This is a super user' }).waitFor();
    await screenshot(page, 'customers-users-drawer');
    // Gone once the mouse leaves (else the tooltip seen next could still be the mouse's); back
    // when the mark is reached with the keyboard (Tab onto it from the element before it).
    await page.mouse.move(5, 5);
    await page.getByRole('tooltip', { name: 'This is a super user' }).waitFor({ state: 'hidden' });
    await mark.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await mark.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('tooltip', { name: 'This is a super user' }).waitFor();

    // Escape closes it and the focus goes back to the Users button.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Users', exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('deletes after a confirmation, resends an invite and reactivates a login', async () => {
    const page = await signedInPage(browser, server);
    const c = await customerWithUsers(1);
    const registered = await userOf(c, "u.status = 'REGISTERED' AND NOT u.is_admin AND (u.suspend_at IS NULL OR u.suspend_at > now())").catch(() => userOf(c, "u.status = 'REGISTERED' AND u.is_admin"));
    const invited = await userOf(c, INVITED);
    const suspended = await userOf(c, SUSPENDED);
    await openDetails(page, c);
    const drawer = await openUsers(page);

    // Delete asks first; Cancel changes nothing.
    await rowOf(drawer, registered).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user?' });
    await confirm.getByText(`${registered.firstname} ${registered.lastname} (${registered.email}) will no longer be able to sign in.`, { exact: false }).waitFor();
    await screenshot(page, 'customers-users-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await query<{ status: string }>(server, 'SELECT status FROM users WHERE id = $1', [registered.id]))[0].status).toBe('REGISTERED');
    await rowOf(drawer, registered).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted').waitFor();
    await announced(drawer, `User deleted. ${registered.firstname} ${registered.lastname} can no longer sign in.`).waitFor();
    await rowOf(drawer, registered).getByText('Deleted', { exact: true }).waitFor();
    expect(await rowOf(drawer, registered).getByRole('button').count()).toBe(0);
    expect((await query<{ status: string }>(server, 'SELECT status FROM users WHERE id = $1', [registered.id]))[0].status).toBe('DELETED');

    // Resend Invite: a new invitation e-mail with a link to the customers' app.
    await rowOf(drawer, invited).getByRole('button', { name: 'Resend Invite' }).click();
    await toast(page, 'Invite resent').getByText(`A new invitation e-mail was sent to ${invited.email}.`).waitFor();
    await announced(drawer, 'Invite resent.').waitFor();
    await rowOf(drawer, invited).getByText('Resent invite', { exact: true }).waitFor();
    const mails = await query<{ text: string }>(server, "SELECT text FROM mail_outbox WHERE \"to\" = $1 AND kind = 'invite'", [invited.email]);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/https:\/\/app\.fleet-network\.example\/register\?token=\S+/);

    // Reactivate Login: no longer Suspended, for 24 hours.
    await rowOf(drawer, suspended).getByRole('button', { name: 'Reactivate Login' }).click();
    await toast(page, 'Login reactivated').waitFor();
    await announced(drawer, 'Login reactivated.').waitFor();
    await rowOf(drawer, suspended).getByText('Registered', { exact: true }).waitFor();
    expect(await rowOf(drawer, suspended).getByRole('button', { name: 'Reactivate Login' }).count()).toBe(0);
    const [row] = await query<{ hours: number }>(server, 'SELECT extract(epoch FROM suspend_at - reactivated_at) / 3600 AS hours FROM users WHERE id = $1', [suspended.id]);
    expect(Number(row.hours)).toBe(24);
    await screenshot(page, 'customers-users-after-actions');
  });

  it('refreshes an open drawer when a user is added elsewhere, and shows the empty text', async () => {
    const page = await signedInPage(browser, server);
    const [c] = await query<Customer>(server, "SELECT id, name FROM lease_companies WHERE status = 'ACTIVE' ORDER BY name DESC LIMIT 1");
    await query(server, "UPDATE users SET lease_company_id = NULL, kind = 'group' WHERE lease_company_id = $1", [c.id]);
    await openDetails(page, c);
    await page.getByRole('button', { name: 'Users', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Users' });
    await drawer.getByText(`No users created yet for ${c.name}`).waitFor();
    await screenshot(page, 'customers-users-empty');

    await query(server, "INSERT INTO users (kind, firstname, lastname, email, status, is_invite, lease_company_id) VALUES ('lease', 'Nora', 'Newcomer', 'nora.newcomer@example.com', 'INVITE_SENT', true, $1)", [c.id]);
    await query(server, "SELECT pg_notify('fnc_live', $1)", [JSON.stringify({ topic: `leaseCompany:${c.id}`, payload: { op: 'users' } })]);
    await drawer.getByRole('row').filter({ hasText: 'nora.newcomer@example.com' }).getByText('Invite sent').waitFor();
  });

  it('disables every action and Invite User without the customer-edit permission, and offers none for a terminated customer', async () => {
    const page = await signedInPage(browser, server, 'VIEWER');
    const c = await customerWithUsers(2);
    await openDetails(page, c);
    expect(await page.getByRole('button', { name: 'Invite User' }).isDisabled()).toBe(true);
    const drawer = await openUsers(page);
    const actions = drawer.getByRole('button', { name: /^(Delete|Resend Invite|Reactivate Login)$/ });
    expect(await actions.count()).toBeGreaterThan(2);
    for (const b of await actions.all()) expect(await b.isDisabled()).toBe(true);
    await actions.first().locator('..').hover();
    await page.getByRole('tooltip', { name: 'You do not have permission to manage users' }).waitFor();
    await screenshot(page, 'customers-users-viewer');

    // A terminated customer offers no Invite User at all.
    const [terminated] = await query<Customer>(server, "SELECT id, name FROM lease_companies WHERE status = 'TERMINATED' ORDER BY name LIMIT 1");
    await openDetails(page, terminated);
    await page.getByRole('button', { name: 'Users', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Invite User' }).count()).toBe(0);
  });
});

describe('Invite User drawer', () => {
  it("keeps what was typed on 'Email Id already exists', and sends the invite", async () => {
    const page = await signedInPage(browser, server);
    const c = await customerWithUsers(3);
    const [taken] = await query<{ email: string }>(server, "SELECT email FROM users WHERE status <> 'DELETED' AND kind = 'supplier' ORDER BY email LIMIT 1");
    await openDetails(page, c);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const drawer = page.getByRole('dialog', { name: 'Invite User' });
    await drawer.getByText(`The new user becomes a super user of ${c.name}`, { exact: false }).waitFor();

    // The fields' own rules and 'Quit Editing?' are component tests (tests/component/user-drawers):
    // here the real server refuses an address in use, then sends the invite.
    await drawer.getByLabel('First Name').fill('Grace');
    await drawer.getByLabel('Last Name').fill('Hopper');
    // Spaces are removed as they are typed; an address a live user already has is refused on its field.
    await drawer.getByLabel('Email').fill('');
    await drawer.getByLabel('Email').pressSequentially(` ${taken.email.toUpperCase()} `);
    expect(await drawer.getByLabel('Email').inputValue()).toBe(taken.email.toUpperCase());
    await drawer.getByRole('button', { name: 'Send Invite' }).click();
    const email = drawer.getByRole('textbox', { name: 'Email' });
    await drawer.getByText('Email Id already exists').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator(`[id="${await email.getAttribute('aria-describedby')}"]`).textContent()).toBe('Email Id already exists');
    expect(await drawer.getByLabel('First Name').inputValue()).toBe('Grace');
    expect(await drawer.getByLabel('Last Name').inputValue()).toBe('Hopper');
    expect(await email.inputValue()).toBe(taken.email.toUpperCase());
    await screenshot(page, 'customers-invite-email-exists');

    await email.fill('grace.hopper@example.com');
    await drawer.getByRole('button', { name: 'Send Invite' }).click();
    await toast(page, 'Invite sent').getByText('An invitation e-mail was sent to grace.hopper@example.com.').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await screenshot(page, 'customers-invite-sent');
    const [row] = await query<{ status: string; is_admin: boolean; is_invite: boolean; lease_company_id: string }>(
      server,
      "SELECT status, is_admin, is_invite, lease_company_id FROM users WHERE email = 'grace.hopper@example.com'",
    );
    expect(row).toEqual({ status: 'INVITE_SENT', is_admin: true, is_invite: true, lease_company_id: c.id });
    const mails = await query<{ text: string }>(server, "SELECT text FROM mail_outbox WHERE \"to\" = 'grace.hopper@example.com' AND kind = 'invite'");
    expect(mails[0].text).toContain('Hello Grace,');

    // The new user is in Users, invited and a super user.
    const users = await openUsers(page);
    const added = users.getByRole('row').filter({ hasText: 'grace.hopper@example.com' });
    await added.getByText('Invite sent').waitFor();
    await added.getByRole('img', { name: 'This is a super user' }).waitFor();
  });
});
