import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { RoleName } from '../../domain/permissions';
import { GROUP_SAVE_MESSAGES } from '../../domain/groups';
import { PAYBILL_MESSAGES } from '../../domain/savi/paybillAddress';
import { DI_TERMS_MESSAGES } from '../../domain/suppliers/networkTerms/labels';
import { MASTER_LOGIN_MESSAGES } from '../../domain/masterLogins';
import { ukVatCheckDigits } from '../../domain/formats';
import { ESCALATION_SAVED } from '../../domain/suppliers/escalation';
import { searchQuery } from '../../src/search/searchUrl';
import * as customerPaths from '../../resources/customers/paths';
import * as groupPaths from '../../resources/groups/paths';
import * as supplierPaths from '../../resources/suppliers/paths';
import { open, type TestServer } from './browser';
import { box, fillCommon } from './customerForm';
import { openDetails } from './customers';
import { fillUkGroup, region } from './groupForm';

/**
 * Every form of the console that creates or changes a record, as a user reaches and fills it: the
 * save-once test double-clicks each one's Save. A new form is listed here (tests/unit/saved-forms
 * fails until it is), and is then covered without a test of its own.
 */
export interface SavedForm {
  name: string;
  kind: 'create' | 'edit';
  /** The screens' files holding the form. */
  sources: readonly string[];
  role?: RoleName;
  /**
   * Opens the form and fills it, ready to save: in a blank page by loading its address, in a page
   * already showing the console (a form saved before) by moving there inside it.
   */
  prepare(page: Page, db: Query, n: number): Promise<Prepared>;
}

export interface Prepared {
  save: Locator;
  /** What the page shows once saved. */
  saved: string;
  /** Records made (create) or the record's version (edit): one more after the save. */
  count(): Promise<number>;
}

export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

export const queryOf =
  (server: TestServer): Query =>
  (sql, params = []) =>
    server.handle.testDb.database.query(sql, params);

const one = async (db: Query, sql: string, params: unknown[]): Promise<number> => Number(Object.values((await db<Record<string, unknown>>(sql, params))[0] ?? { n: 0 })[0]);
const saveButton = (scope: Page | Locator, name = 'Save') => scope.getByRole('button', { name, exact: true });

export const SAVED_FORMS: readonly SavedForm[] = [
  {
    name: 'Create Customer',
    kind: 'create',
    sources: ['resources/customers/form/CustomerEditor.tsx'],
    async prepare(page, db) {
      // Names take letters only.
      const name = 'Save Once Leasing Ltd';
      await open(page, customerPaths.createPath('UK'));
      await page.getByRole('heading', { level: 1, name: 'Create Customer for UK' }).waitFor();
      await fillCommon(page, { name, company: 'SC123456', vat: `GB1234567${ukVatCheckDigits('1234567')}`, postCode: 'NE1 2BH', phone: '01914960000', mobile: '07700900123' });
      await box(page, 'Max Supplier Proximity').fill('25');
      return { save: saveButton(page), saved: 'The customer has been created', count: () => one(db, 'SELECT count(*) FROM lease_companies WHERE name = $1', [name]) };
    },
  },
  {
    name: 'Edit Customer',
    kind: 'edit',
    sources: ['resources/customers/form/CustomerEditor.tsx'],
    async prepare(page, db) {
      const [c] = await db<{ id: string }>("SELECT id FROM lease_companies WHERE status = 'ACTIVE' AND rate_card_type = 'VISN' ORDER BY name LIMIT 1");
      await open(page, customerPaths.editPath(c.id));
      await page.getByRole('heading', { level: 1, name: /^Edit Customer of / }).waitFor();
      await box(page, 'Contact Name').fill('Aoife Kennedy');
      return { save: saveButton(page), saved: 'The customer details have been saved', count: () => one(db, 'SELECT version FROM lease_companies WHERE id = $1', [c.id]) };
    },
  },
  {
    name: 'Create Group',
    kind: 'create',
    sources: ['resources/groups/form/GroupEditor.tsx'],
    async prepare(page, db, n) {
      const groupId = `SAVE-ONCE-${n}`;
      await open(page, groupPaths.createPath('UK'));
      await page.getByRole('heading', { level: 1, name: 'Create Group for UK' }).waitFor();
      await fillUkGroup(page, { groupId, name: `Save Once Motor Group ${n}` });
      return { save: saveButton(page), saved: GROUP_SAVE_MESSAGES.created, count: () => one(db, 'SELECT count(*) FROM supplier_groups WHERE group_id = $1', [groupId]) };
    },
  },
  {
    name: 'Edit Group',
    kind: 'edit',
    sources: ['resources/groups/form/GroupEditor.tsx'],
    async prepare(page, db, n) {
      const [g] = await db<{ id: string }>("SELECT id FROM supplier_groups WHERE locale = 'en_GB' AND NOT blocked ORDER BY name LIMIT 1");
      await open(page, groupPaths.editPath(g.id));
      await page.getByRole('heading', { level: 1, name: 'Edit Group of UK' }).waitFor();
      await region(page, 'Group Details').getByLabel(/^Supplier Group Name/).fill(`Renamed Motor Group ${n}`);
      return { save: saveButton(page), saved: GROUP_SAVE_MESSAGES.saved, count: () => one(db, 'SELECT version FROM supplier_groups WHERE id = $1', [g.id]) };
    },
  },
  {
    name: 'Create Supplier',
    kind: 'create',
    sources: ['resources/suppliers/form/SupplierEditor.tsx'],
    async prepare(page, db) {
      const [group] = await db<{ name: string; group_id: string }>("SELECT name, group_id FROM supplier_groups WHERE locale = 'en_GB' AND NOT blocked ORDER BY name DESC LIMIT 1");
      const name = 'Save Once Motors';
      await open(page, supplierPaths.createPath('UK'));
      await page.getByRole('heading', { level: 1, name: 'Create Supplier for UK' }).waitFor();
      await page.getByRole('combobox', { name: 'Supplier Group Name' }).fill(group.name.slice(0, 6));
      await page.getByRole('option', { name: `${group.name} (${group.group_id})` }).click();
      await page.getByLabel('Supplier Name').fill(name);
      await page.getByLabel('Postcode').fill('BS1 4DJ');
      await page.getByRole('textbox', { name: /^Phone Number/ }).fill('01171234567');
      await page.getByLabel('Serving proximity').fill('15');
      await page.getByRole('checkbox', { name: 'MOT', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Car', exact: true }).check();
      return { save: saveButton(page), saved: 'The supplier has been created', count: () => one(db, 'SELECT count(*) FROM suppliers WHERE name = $1', [name]) };
    },
  },
  {
    name: 'Edit Supplier',
    kind: 'edit',
    sources: ['resources/suppliers/form/SupplierEditor.tsx'],
    async prepare(page, db, n) {
      const [s] = await db<{ id: string; group_id: string }>("SELECT id, group_id FROM suppliers WHERE unit_status = 'live' AND locale = 'en_GB' ORDER BY name LIMIT 1");
      await open(page, supplierPaths.editPath(s.id, s.group_id));
      await page.getByRole('heading', { level: 1, name: /^Edit Supplier of / }).waitFor();
      await page.getByLabel('Account System Reference').fill(`so${n}ref`);
      return { save: saveButton(page), saved: 'The supplier details have been saved', count: () => one(db, 'SELECT version FROM suppliers WHERE id = $1', [s.id]) };
    },
  },
  {
    name: 'Edit DI Network Terms',
    kind: 'edit',
    sources: ['resources/suppliers/networkTerms/NetworkTermsPage.tsx'],
    async prepare(page, db, n) {
      const [s] = await db<{ id: string; group_id: string }>('SELECT s.id, s.group_id FROM suppliers s JOIN supplier_network_terms t ON t.supplier_id = s.id ORDER BY s.name LIMIT 1');
      await open(page, supplierPaths.networkTermsPath(s.id, s.group_id));
      await page.getByRole('heading', { level: 1, name: 'Edit DI Network Terms' }).waitFor();
      await page.getByRole('textbox', { name: /^Nominated Dealer Manager/ }).fill(`Dealer ${n}`);
      return { save: saveButton(page), saved: DI_TERMS_MESSAGES.saved, count: () => one(db, 'SELECT version FROM supplier_network_terms WHERE supplier_id = $1', [s.id]) };
    },
  },
  {
    name: 'Paybill Address and Footer',
    kind: 'edit',
    sources: ['resources/savi/PaybillDrawer.tsx'],
    role: 'FINANCE',
    async prepare(page, db, n) {
      await open(page, '/savi');
      await page.getByRole('row', { name: /^Paybill Address and Footer/ }).getByRole('button', { name: 'EDIT' }).click();
      const drawer = page.getByRole('dialog', { name: 'Paybill Address and Footer' });
      const town = drawer.getByLabel('Town');
      // The drawer shows the stored values once read; typing before that would be replaced.
      await expect.poll(() => town.inputValue()).not.toBe('');
      await town.fill(`Town ${n}`);
      return { save: saveButton(drawer), saved: PAYBILL_MESSAGES.saved, count: () => one(db, "SELECT version FROM paybill_settings WHERE id = 'default'", []) };
    },
  },
  {
    name: 'Reassign Login',
    kind: 'edit',
    sources: ['resources/masterLogins/ReassignLoginDrawer.tsx'],
    role: 'EDITOR',
    async prepare(page, db) {
      const [user] = await db<{ id: string; name: string; company: string }>(
        `SELECT u.id, u.firstname || ' ' || u.lastname AS name, u.lease_company_id AS company FROM users u WHERE u.master_login AND u.kind = 'lease' ORDER BY u.lastname LIMIT 1`,
      );
      const [target] = await db<{ name: string }>("SELECT name FROM lease_companies WHERE status = 'ACTIVE' AND id <> $1 AND length(name) >= 3 ORDER BY name DESC LIMIT 1", [user.company]);
      await open(page, '/assign-user-login');
      await page.getByRole('tabpanel').getByRole('row', { name: new RegExp(`^${user.name} `) }).getByRole('button', { name: 'Change' }).click();
      const drawer = page.getByRole('dialog', { name: 'Reassign Login for' });
      await drawer.getByRole('combobox', { name: /^Lease Company Name/ }).fill(target.name);
      await page.getByRole('option', { name: target.name, exact: true }).click();
      return { save: saveButton(drawer), saved: MASTER_LOGIN_MESSAGES.saved(user.name), count: () => one(db, 'SELECT version FROM users WHERE id = $1', [user.id]) };
    },
  },
  {
    name: 'Add and Approve Supplier',
    kind: 'create',
    sources: ['resources/registrations/approval/AddSupplierPage.tsx'],
    async prepare(page, db, n) {
      const [r] = await db<{ id: string }>("SELECT id FROM e_registrations WHERE status = 'NEW' AND post_code !~ '^[A-Z][0-9][0-9W] ?' ORDER BY company_name DESC LIMIT 1");
      const supplierId = `SO-REG-${n}`;
      await open(page, `/e-registration/add-supplier?id=${r.id}`);
      await page.getByRole('heading', { level: 1, name: 'Add and Approve Supplier' }).waitFor();
      await page.getByLabel('Franchise', { exact: true }).check();
      await page.getByRole('combobox', { name: /^Manufacturer Name/ }).fill('Ford');
      await page.getByRole('option', { name: 'Ford', exact: true }).click();
      await region(page, 'Company Details').getByLabel(/^Supplier Id/).fill(supplierId);
      await page.getByLabel(/^Serving proximity/).fill('25');
      await page.getByRole('group', { name: 'Vehicle Categories' }).getByLabel('Car', { exact: true }).check();
      return { save: saveButton(page, 'Approve'), saved: 'The supplier has been approved and activated in the network', count: () => one(db, 'SELECT count(*) FROM suppliers WHERE supplier_id = $1', [supplierId]) };
    },
  },
  {
    name: 'Webhook Subscriptions',
    kind: 'edit',
    sources: ['resources/customers/integrations/WebhooksDrawer.tsx'],
    async prepare(page, db) {
      const [c] = await db<{ id: string; name: string }>("SELECT id, name FROM lease_companies WHERE status = 'ACTIVE' AND (webhooks IS NULL OR NOT (webhooks->>'enabled')::boolean) ORDER BY name DESC LIMIT 1");
      await openDetails(page, c, { inApp: true });
      await page.getByRole('button', { name: 'Webhook Subscriptions', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Webhook Subscriptions' });
      await drawer.getByRole('switch', { name: 'Enable Webhooks' }).check();
      await drawer.getByRole('textbox', { name: 'Authorization URL' }).fill('https://hooks.example.com/oauth/token');
      return { save: saveButton(drawer), saved: 'Webhook subscriptions saved', count: () => one(db, 'SELECT version FROM lease_companies WHERE id = $1', [c.id]) };
    },
  },
  {
    name: 'Retailer Integration',
    kind: 'edit',
    sources: ['resources/customers/integrations/RetailerDrawer.tsx'],
    async prepare(page, db) {
      const [c] = await db<{ id: string; name: string }>("SELECT id, name FROM lease_companies WHERE status = 'ACTIVE' AND retailer_config IS NULL ORDER BY name DESC LIMIT 1 OFFSET 1");
      await openDetails(page, c, { inApp: true });
      await page.getByRole('button', { name: 'Retailer Integration', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Retailer Integration' });
      await drawer.getByRole('textbox', { name: 'Customer name' }).fill('Northern Fleet Retail');
      await drawer.getByRole('textbox', { name: 'Mapping ID' }).fill('MAP-0042');
      return { save: saveButton(drawer), saved: 'Retailer mapping saved', count: () => one(db, 'SELECT version FROM lease_companies WHERE id = $1', [c.id]) };
    },
  },
  {
    name: 'API Integrations',
    kind: 'edit',
    sources: ['src/integrations/ApiIntegrationsDrawer.tsx'],
    async prepare(page, db) {
      const [c] = await db<{ id: string; name: string }>(
        "SELECT l.id, l.name FROM lease_companies l JOIN api_configs a ON a.lease_company_id = l.id WHERE l.status = 'ACTIVE' ORDER BY l.name LIMIT 1",
      );
      await openDetails(page, c, { inApp: true });
      await page.getByRole('button', { name: 'View Integrations' }).click();
      const drawer = page.getByRole('dialog', { name: 'API Integrations' });
      const vor = drawer.getByRole('switch', { name: '/vor' });
      await vor.waitFor();
      await drawer.getByRole('button', { name: 'Edit' }).click();
      await vor.setChecked(!(await vor.isChecked()));
      return { save: saveButton(drawer), saved: 'Allowed endpoints saved', count: () => one(db, 'SELECT version FROM api_configs WHERE lease_company_id = $1', [c.id]) };
    },
  },
  {
    name: 'Escalation Information',
    kind: 'create',
    sources: ['resources/suppliers/escalation/EscalationDrawer.tsx'],
    async prepare(page, db) {
      const [s] = await db<{ id: string; name: string; supplier_id: string }>(
        "SELECT s.id, s.name, s.supplier_id FROM suppliers s WHERE s.unit_status = 'live' AND NOT EXISTS (SELECT 1 FROM supplier_escalations e WHERE e.supplier_id = s.id) ORDER BY s.name DESC LIMIT 1",
      );
      await open(page, `${supplierPaths.SEARCH}?${searchQuery({ q: s.supplier_id })}`);
      await page.getByRole('article', { name: s.name }).getByRole('button', { name: 'Escalation Information' }).click();
      const drawer = page.getByRole('dialog', { name: 'Escalation Information' });
      await drawer.getByLabel('Name').fill('Dana Reid');
      await drawer.getByLabel('Number').fill('0117 496 0000');
      await drawer.getByLabel('Email').fill('dana@harbour.example');
      await drawer.getByLabel('Notes').fill('Call after 6pm');
      return { save: saveButton(drawer), saved: ESCALATION_SAVED, count: () => one(db, 'SELECT count(*) FROM supplier_escalations WHERE supplier_id = $1', [s.id]) };
    },
  },
  {
    name: 'Invite User',
    kind: 'create',
    sources: ['src/users/InviteUserDrawer.tsx'],
    async prepare(page, db) {
      const [g] = await db<{ group_id: string; name: string }>('SELECT group_id, name FROM supplier_groups ORDER BY name DESC LIMIT 1');
      const email = 'save.once@example.com';
      await open(page, `${groupPaths.SEARCH}?${searchQuery({ q: g.group_id })}`);
      await page.getByRole('article', { name: g.name }).getByRole('button', { name: 'Invite User' }).click();
      const drawer = page.getByRole('dialog', { name: 'Invite User' });
      await drawer.getByLabel(/^First Name/).fill('Robin');
      await drawer.getByLabel(/^Last Name/).fill('Once');
      await drawer.getByLabel(/^Email/).fill(email);
      return { save: saveButton(drawer, 'Send Invite'), saved: `An invitation e-mail was sent to ${email}.`, count: () => one(db, 'SELECT count(*) FROM users WHERE email = $1', [email]) };
    },
  },
  {
    name: 'Reject Supplier',
    kind: 'edit',
    sources: ['resources/registrations/approval/RejectDrawer.tsx'],
    async prepare(page, db) {
      const [r] = await db<{ id: string }>("SELECT id FROM e_registrations WHERE status = 'NEW' ORDER BY company_name DESC LIMIT 1 OFFSET 1");
      await open(page, `/e-registration/add-supplier?id=${r.id}`);
      await page.getByRole('heading', { level: 1, name: 'Add and Approve Supplier' }).waitFor();
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Reject Supplier' });
      await drawer.getByLabel(/^Reason/).fill('Insurance documents not provided');
      return { save: saveButton(drawer, 'Reject'), saved: 'The supplier registration has been rejected', count: () => one(db, 'SELECT version FROM e_registrations WHERE id = $1', [r.id]) };
    },
  },
  {
    name: 'Paybill Config',
    kind: 'edit',
    sources: ['resources/groups/form/PaybillDrawer.tsx'],
    async prepare(page, db) {
      const [g] = await db<{ id: string; lease_name: string }>(
        `SELECT g.id, l.name AS lease_name FROM supplier_groups g
           JOIN lease_group_links k ON k.group_id = g.id AND k.status = 'ACTIVE' AND NOT k.direct_paybill
           JOIN lease_companies l ON l.id = k.lease_company_id AND l.status = 'ACTIVE' AND l.rate_card_type IN ('COST_TYPE_HYBRID_VISN', 'VISN_NETWORK_OFFERING_SAVI')
          WHERE g.locale = 'en_GB' ORDER BY g.name DESC, l.name LIMIT 1`,
      );
      await open(page, groupPaths.editPath(g.id));
      await page.getByRole('button', { name: 'Paybill Config' }).click();
      const drawer = page.getByRole('dialog', { name: 'Paybill Config' });
      await drawer.getByRole('region', { name: /^ViSN \(Default\)/ }).getByRole('checkbox', { name: g.lease_name }).check();
      await drawer.getByRole('button', { name: 'Move to Direct' }).click();
      return {
        save: saveButton(drawer),
        saved: 'has been saved',
        count: () => one(db, "SELECT count(*) FROM lease_group_links WHERE group_id = $1 AND direct_paybill AND status = 'ACTIVE'", [g.id]),
      };
    },
  },
];
