import { describe, expect, it } from 'vitest';
import type { Page, Request, Response } from 'playwright-core';
import type { RoleName } from '../../domain/permissions';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/idempotency';
import { REGISTRATION_MESSAGES } from '../../domain/registrations';
import { screenshot, type TestBrowser, type TestServer } from '../support/browser';
import { signedInPage, withSeededServer } from '../support/customers';
import { queryOf, SAVED_FORMS } from '../support/savedForms';

let server: TestServer;
let browser: TestBrowser;

withSeededServer(
  (s, b) => {
    server = s;
    browser = b;
  },
  { keepPages: true },
);

/**
 * One page per role, signed in once: each form after the first is reached inside the console the
 * page already shows, as a user goes from one task to the next (a load each cost most of a test).
 */
const pages = new Map<RoleName, Promise<Page>>();
function pageOf(role: RoleName): Promise<Page> {
  if (!pages.has(role)) pages.set(role, signedInPage(browser, server, role));
  return pages.get(role)!;
}

/** The writes the page sends (POSTs carrying an Idempotency-Key) and their answers. */
function watchWrites(page: Page) {
  const sent: { slug: string; key: string }[] = [];
  const answers: { slug: string; status: number }[] = [];
  const onRequest = (request: Request) => {
    const key = request.headers()[IDEMPOTENCY_KEY_HEADER];
    if (request.method() === 'POST' && key) sent.push({ slug: new URL(request.url()).pathname, key });
  };
  const onResponse = (response: Response) => {
    const request = response.request();
    if (request.method() === 'POST' && request.headers()[IDEMPOTENCY_KEY_HEADER]) answers.push({ slug: new URL(request.url()).pathname, status: response.status() });
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  const stop = () => {
    page.off('request', onRequest);
    page.off('response', onResponse);
  };
  return { sent, answers, stop };
}

describe('a double-click on Save saves once', () => {
  SAVED_FORMS.forEach((form, n) => {
    it(`${form.kind === 'create' ? 'makes one record' : 'makes one new version'}: ${form.name}`, async () => {
      const page = await pageOf(form.role ?? 'SUPER_ADMIN');
      const db = queryOf(server);
      const prepared = await form.prepare(page, db, n);
      const before = await prepared.count();
      // The page's last save may still be announcing itself in words this one uses too.
      await expect.poll(() => page.getByText(prepared.saved).count()).toBe(0);
      const writes = watchWrites(page);
      // Two clicks as one gesture, a few milliseconds apart.
      await prepared.save.dblclick();
      await page.getByText(prepared.saved).first().waitFor();
      await expect.poll(() => writes.answers.length).toBe(writes.sent.length);
      writes.stop();
      expect(writes.answers.every((a) => a.status < 300), JSON.stringify(writes.answers)).toBe(true);
      // One write per slug: the second click sent nothing, or sent the same write again under its key.
      const keys = new Map<string, Set<string>>();
      for (const w of writes.sent) keys.set(w.slug, (keys.get(w.slug) ?? new Set()).add(w.key));
      for (const [slug, set] of keys) expect(set.size, slug).toBe(1);
      expect(await prepared.count()).toBe(before + 1);
      expect(await page.getByRole('dialog', { name: /changed/i }).count()).toBe(0);
    });
  });
});

describe('rejecting a registration from a half-filled form', () => {
  it("lands on the search with no 'Quit Editing?', and the registration is not offered for a decision again", async () => {
    const db = queryOf(server);
    const [r] = await db<{ id: string }>("SELECT id FROM e_registrations WHERE status = 'NEW' ORDER BY company_name LIMIT 1");
    // A page of its own: the forms' page may still show the last Reject Supplier's notice.
    const page = await signedInPage(browser, server);
    await page.goto(`/e-registration/add-supplier?id=${r.id}`);
    await page.getByRole('heading', { level: 1, name: 'Add and Approve Supplier' }).waitFor();
    // Half filled: the form has changes.
    await page.getByLabel(/^Serving proximity/).fill('25');
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Reject Supplier' });
    await drawer.getByLabel(/^Reason/).fill('Insurance documents not provided');
    await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Supplier Registrations' }).waitFor();
    await page.getByText('The supplier registration has been rejected').waitFor();
    expect(await page.getByRole('dialog', { name: 'Quit Editing?' }).count()).toBe(0);
    await screenshot(page, 'save-once-rejected');
    const [row] = await db<{ status: string; email: string }>('SELECT status, email FROM e_registrations WHERE id = $1', [r.id]);
    expect(row.status).toBe('REJECTED');
    const mails = await db(`SELECT 1 FROM mail_outbox WHERE kind = 'registrationRejected' AND "to" = $1`, [row.email]);
    expect(mails).toHaveLength(1);

    // Back to the form: decided, so no Approve or Reject.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Add and Approve Supplier' }).waitFor();
    await page.getByText(REGISTRATION_MESSAGES.alreadyDecided('REJECTED')).waitFor();
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reject', exact: true }).count()).toBe(0);
  });
});
