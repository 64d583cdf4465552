import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import {
  COMPANY_LOOKUP_SIZE,
  currentCompany,
  diIdOf,
  EMPTY_REASSIGN_FORM,
  MASTER_LOGIN_LABELS,
  MASTER_LOGIN_MESSAGES,
  MASTER_LOGIN_TABS,
  MASTER_USERS_PAGE_MAX,
  MASTER_USERS_PAGE_SIZE,
  masterUsersSchema,
  masterUserTypeOf,
  REASSIGN_DRAWER_TITLE,
  REASSIGN_DRAWER_WIDTH,
  REASSIGN_FORM_SCHEMAS,
  updateUserDetailsOf,
  updateUserDetailsSchema,
  type MasterUser,
} from '../../domain/masterLogins';
import { createDataProvider } from '../../dataProvider';
import type { DataIo } from '../../dataProvider/routing';
import { fieldErrors } from '../../server/rpc/errors';

const ID = '0d5c6f4e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const OTHER = '7f3e2d1c-0b9a-4877-8665-544332211000';

const LEASE_USER: MasterUser = {
  id: ID,
  firstname: 'Master',
  lastname: 'Customer 1',
  contact: { email: 'master.customer1@fleet-network.example' },
  company: 'Acme Leasing',
  companyId: OTHER,
  diCustomerId: 'C01001',
  version: 3,
};
const GROUP_USER: MasterUser = { ...LEASE_USER, lastname: 'Supplier 1', company: 'Harbour Motor Group', companyId: undefined, diCustomerId: undefined, accountObjectID: OTHER, diGroupId: 'G10001' };

/** The field errors a schema gives for `input`, as the API would answer them. */
const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error!.issues);
};

describe('the texts of the page', () => {
  it('keeps the spec’s words', () => {
    expect(MASTER_LOGIN_MESSAGES.noUsers).toBe('No users found.');
    expect(MASTER_LOGIN_MESSAGES.userNotFound).toBe('User not found');
    expect(MASTER_LOGIN_TABS).toEqual({ CUSTOMER: 'V-Customer', SUPPLIER: 'V-Supplier' });
    expect(REASSIGN_DRAWER_TITLE).toBe('Reassign Login for');
    expect(REASSIGN_DRAWER_WIDTH).toBe(500);
    expect(MASTER_LOGIN_LABELS.diId).toEqual({ CUSTOMER: 'DI Customer Id', SUPPLIER: 'DI Group Id' });
    expect(MASTER_LOGIN_LABELS.companyField).toEqual({ CUSTOMER: 'Lease Company Name', SUPPLIER: 'Supplier Group Name' });
    expect(MASTER_LOGIN_MESSAGES.notice).toMatch(/e-mail address to the development team/);
  });
});

describe('the list call', () => {
  it('takes a type, pages of 50 by default and at most 100, and a keyset cursor', () => {
    expect(masterUsersSchema.parse({ type: 'CUSTOMER' })).toEqual({ type: 'CUSTOMER', after: null, pageSize: MASTER_USERS_PAGE_SIZE });
    const after = { lastname: 'Customer 1', firstname: 'Master', id: ID };
    expect(masterUsersSchema.parse({ type: 'SUPPLIER', after, pageSize: 10 })).toEqual({ type: 'SUPPLIER', after, pageSize: 10 });
    expect(MASTER_USERS_PAGE_SIZE).toBe(50);
    expect(masterUsersSchema.safeParse({ type: 'CUSTOMER', pageSize: MASTER_USERS_PAGE_MAX + 1 }).success).toBe(false);
    expect(masterUsersSchema.safeParse({ type: 'CUSTOMER', pageSize: 0 }).success).toBe(false);
  });

  it('refuses other types, a cursor without a record id, and unknown fields', () => {
    expect(errorsOf(masterUsersSchema, { type: 'GROUP' })).toEqual({ type: 'type must be CUSTOMER or SUPPLIER' });
    expect(errorsOf(masterUsersSchema, {})).toEqual({ type: 'type must be CUSTOMER or SUPPLIER' });
    expect(errorsOf(masterUsersSchema, { type: 'CUSTOMER', after: { lastname: 'a', firstname: 'b', id: 'x' } })).toEqual({ 'after.id': 'after.id is not valid' });
    expect(masterUsersSchema.safeParse({ type: 'CUSTOMER', after: { lastname: 'a'.repeat(501), firstname: 'b', id: ID } }).success).toBe(false);
    expect(masterUsersSchema.safeParse({ type: 'CUSTOMER', status: 'DELETED' }).success).toBe(false);
  });
});

describe('admin/updateUserDetails', () => {
  it('builds the spec’s payload per tab, with the version the list showed', () => {
    const pick = { id: ID, name: 'Beta Leasing' };
    expect(updateUserDetailsOf(LEASE_USER, 'CUSTOMER', pick)).toEqual({ userId: ID, version: 3, userDetails: { company: 'Beta Leasing', companyId: ID } });
    expect(updateUserDetailsOf(GROUP_USER, 'SUPPLIER', pick)).toEqual({ userId: ID, version: 3, userDetails: { company: 'Beta Leasing', accountObjectID: ID } });
    for (const type of ['CUSTOMER', 'SUPPLIER'] as const) expect(updateUserDetailsSchema.safeParse(updateUserDetailsOf(LEASE_USER, type, pick)).success).toBe(true);
  });

  it("says '{Label} is required' for an empty id and '{Label} is not valid' for one that is no record id", () => {
    const body = (userDetails: unknown) => ({ userId: ID, version: 1, userDetails });
    expect(errorsOf(updateUserDetailsSchema, body({ company: 'x', companyId: '  ' }))).toEqual({ 'userDetails.companyId': 'Lease Company Name is required' });
    expect(errorsOf(updateUserDetailsSchema, body({ company: 'x', companyId: 'acme' }))).toEqual({ 'userDetails.companyId': 'Lease Company Name is not valid' });
    expect(errorsOf(updateUserDetailsSchema, body({ company: 'x', companyId: 42 }))).toEqual({ 'userDetails.companyId': 'Lease Company Name is not valid' });
    expect(errorsOf(updateUserDetailsSchema, body({ company: 'x', accountObjectID: '' }))).toEqual({ 'userDetails.accountObjectID': 'Supplier Group Name is required' });
    expect(errorsOf(updateUserDetailsSchema, body({ company: 'x', accountObjectID: 'G10001' }))).toEqual({ 'userDetails.accountObjectID': 'Supplier Group Name is not valid' });
  });

  it('refuses both kinds of company at once, a missing version or details, and unknown fields', () => {
    expect(errorsOf(updateUserDetailsSchema, { userId: ID, version: 1, userDetails: { companyId: ID, accountObjectID: ID } })).toEqual({ userDetails: MASTER_LOGIN_MESSAGES.bothKinds });
    expect(errorsOf(updateUserDetailsSchema, { userId: ID, userDetails: { companyId: ID } })).toEqual({ version: 'version is required' });
    expect(errorsOf(updateUserDetailsSchema, { userId: ID, version: 1 })).toEqual({ userDetails: 'userDetails is required' });
    expect(errorsOf(updateUserDetailsSchema, { version: 1, userDetails: { companyId: ID } })).toEqual({ userId: 'userId is required' });
    expect(updateUserDetailsSchema.safeParse({ userId: ID, version: 1, userDetails: { companyId: ID, masterLogin: false } }).success).toBe(false);
    expect(updateUserDetailsSchema.safeParse({ userId: ID, version: 1, userDetails: { companyId: ID }, kind: 'lease' }).success).toBe(false);
    expect(updateUserDetailsSchema.safeParse({ userId: ID, version: 0, userDetails: { companyId: ID } }).success).toBe(false);
  });
});

describe('the drawer’s form', () => {
  it('needs a company picked, named after the tab’s field', () => {
    expect(errorsOf(REASSIGN_FORM_SCHEMAS.CUSTOMER, EMPTY_REASSIGN_FORM)).toEqual({ company: 'Lease Company Name is required' });
    expect(errorsOf(REASSIGN_FORM_SCHEMAS.SUPPLIER, EMPTY_REASSIGN_FORM)).toEqual({ company: 'Supplier Group Name is required' });
    expect(errorsOf(REASSIGN_FORM_SCHEMAS.SUPPLIER, { company: { id: 'x', name: 'X' } })).toEqual({ company: 'Supplier Group Name is not valid' });
    expect(errorsOf(REASSIGN_FORM_SCHEMAS.CUSTOMER, { company: { id: ID, name: 'Acme' } })).toEqual({});
  });

  it('reads the row’s company and DI id for its tab', () => {
    expect(currentCompany(LEASE_USER, 'CUSTOMER')).toEqual({ id: OTHER, name: 'Acme Leasing' });
    expect(currentCompany(GROUP_USER, 'SUPPLIER')).toEqual({ id: OTHER, name: 'Harbour Motor Group' });
    expect(currentCompany({ ...LEASE_USER, company: null, companyId: null }, 'CUSTOMER')).toBeNull();
    expect(diIdOf(LEASE_USER, 'CUSTOMER')).toBe('C01001');
    expect(diIdOf(GROUP_USER, 'SUPPLIER')).toBe('G10001');
    expect(['lease', 'group', 'supplier'].map(masterUserTypeOf)).toEqual(['CUSTOMER', 'SUPPLIER', 'SUPPLIER']);
  });
});

describe('the dataProvider’s calls', () => {
  function recording(fail?: HttpError) {
    const calls: { to: string; body?: unknown; params?: unknown }[] = [];
    const io: DataIo = {
      async call(slug, options) {
        calls.push({ to: slug, body: options.body });
        if (fail) throw fail;
        return { success: true, users: [], next: null };
      },
      async search(def, params) {
        calls.push({ to: `search ${def.collection}`, params });
        return { data: [{ id: OTHER, name: 'Acme Leasing', status: 'ACTIVE' }], total: 1 };
      },
      upload: () => Promise.reject(new Error('no uploads')),
    };
    return { calls, dataProvider: createDataProvider(io) };
  }

  it('lists a page and reassigns with the spec’s bodies', async () => {
    const { calls, dataProvider } = recording();
    await dataProvider.masterUsers({ type: 'SUPPLIER', after: null, pageSize: 50 });
    await dataProvider.reassignLogin(GROUP_USER, 'SUPPLIER', { id: ID, name: 'Beta Motors' });
    expect(calls).toEqual([
      { to: 'admin/getMasterUsers', body: { type: 'SUPPLIER', after: null, pageSize: 50 } },
      { to: 'admin/updateUserDetails', body: { userId: ID, version: 3, userDetails: { company: 'Beta Motors', accountObjectID: ID } } },
    ]);
  });

  it('searches active lease companies, or live groups, by name, 250 at a time', async () => {
    const { calls, dataProvider } = recording();
    expect(await dataProvider.companiesByName('CUSTOMER', 'acm')).toEqual([{ id: OTHER, name: 'Acme Leasing' }]);
    await dataProvider.companiesByName('SUPPLIER', 'harb');
    expect(COMPANY_LOOKUP_SIZE).toBe(250);
    expect(calls).toEqual([
      { to: 'search leaseCompanyIndex', params: expect.objectContaining({ filter: { q: 'acm', status: 'ACTIVE' }, pagination: { page: 1, perPage: 250 }, sort: { field: 'name', order: 'ASC' } }) },
      { to: 'search groups', params: expect.objectContaining({ filter: { q: 'harb', status: 'live' }, pagination: { page: 1, perPage: 250 }, sort: { field: 'name', order: 'ASC' } }) },
    ]);
  });

  it('hands the server’s errors about the company to the drawer’s one field', async () => {
    const refused = new HttpError('Lease Company Name is not valid', 400, { code: 'VALIDATION', errors: { 'userDetails.companyId': 'Lease Company Name is not valid', version: 'version is required' } });
    const { dataProvider } = recording(refused);
    const error = await dataProvider.reassignLogin(LEASE_USER, 'CUSTOMER', { id: ID, name: 'Beta' }).catch((e: unknown) => e);
    expect(error).toBe(refused);
    expect((error as HttpError).body.errors).toEqual({ company: 'Lease Company Name is not valid', version: 'version is required' });
  });
});
