import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider, type ConsoleDataProvider } from '../../dataProvider';
import { UnsupportedVerbError, type DataIo } from '../../dataProvider/routing';
import { RESOURCES } from '../../domain/resources';
import { VERBS, type Verb } from '../../domain/resources/types';

const PAYBILL_DETAILS = {
  version: 3,
  address: { number: 'Unit 4', address1: 'Riverside', address2: 'Hartwell', address3: 'Leeds', county: 'West Yorkshire', postCode: 'LS11 5QS' },
  invoice: { companyName: 'FNC Ltd', footer: { blurb: 'Registered in England' } },
};

/** The sub-collections' spec slugs answer their rows under their own names. */
const LISTS: Record<string, unknown> = {
  'admin/getLeaseUsersList': { users: [{ id: 'u1' }] },
  'admin/getDocuments': { documents: [{ fileId: 'f1' }] },
  'admin/getNetworkImports': { networkImports: [] },
  'networkExport/getNetworkExports': { networkExports: [] },
  'fileValidation/getReports': { success: true, reports: [] },
  'admin/listLeaseCompaniesBasedOnRateCardTypes': { leaseCompanies: [] },
  'admin/listDirectPaybillCustomersForGroup': { leaseCompanies: [] },
};

/** A dataProvider over fake calls, recording where each verb went and with what. */
function recording() {
  const calls: { to: string; method?: string; body?: unknown; query?: unknown; signal?: AbortSignal }[] = [];
  const io: DataIo = {
    async call(slug, options) {
      calls.push({ to: slug, ...(options.method === 'GET' ? { method: 'GET' } : {}), body: options.body, query: options.query, signal: options.signal });
      // One answer that every declared response can read (the queue list answers a list, which getMany filters).
      if (slug === 'backgroundJobs/getQueues') return { data: [{ id: 'r1' }, { id: 'other' }], total: 2 };
      if (slug === 'admin/getPaybillRecords') return { success: true, invoicedRecords: [], cursor: { endOfRecord: true } };
      if (slug === 'fileValidation/getReports') return { success: true, reports: [] };
      if (slug === 'processLogs/getByDate') return { success: true, data: { executions: [], next: null, invoiceNext: null, counts: {}, invoiceExportLogs: [] } };
      if (slug === 'admin/getPaybillDetails' || slug === 'admin/savePayBillAddressAndFooterDetails') return { success: true, paybillDetails: PAYBILL_DETAILS };
      if (Object.hasOwn(LISTS, slug)) return LISTS[slug];
      return { data: { id: 'r1' }, total: 0, customer: { id: 'c1', name: 'Acme' }, leaseCompanyId: 'c1', version: 2 };
    },
    async search(def) {
      calls.push({ to: `search ${def.collection}` });
      return { data: [], total: 0 };
    },
    async upload(slug, form) {
      calls.push({ to: slug, body: Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file ${v.name}`])) });
      return Promise.resolve({});
    },
  };
  return { calls, dataProvider: createDataProvider(io) };
}

const signal = new AbortController().signal;
const PARAMS: Record<Verb, Record<string, unknown>> = {
  getList: { filter: { q: 'x' }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 25 }, meta: { facets: [] }, signal },
  getOne: { id: 'r1', signal },
  getMany: { ids: ['r1', 'r2'], signal },
  getManyReference: { target: 'ownerId', id: 'o1', filter: {}, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 25 }, signal },
  create: { data: { name: 'New' } },
  update: { id: 'r1', data: { name: 'Changed' }, previousData: { id: 'r1', name: 'Old', version: 1 } },
  updateMany: { ids: ['r1'], data: { name: 'x' } },
  delete: { id: 'r1', previousData: { id: 'r1' } },
  deleteMany: { ids: ['r1'] },
};

/**
 * Where every verb of every declared entity goes, written out by hand: a search collection, the
 * slugs called in order, or nothing (refused with UnsupportedVerbError).
 */
const SEARCH = (c: string) => ({ getList: `search ${c}`, getManyReference: `search ${c}` });
const ROUTES: Record<string, Partial<Record<Verb, string>>> = {
  customer: {
    ...SEARCH('leaseCompanyIndex'),
    getOne: 'admin/getLeaseCompanyDetails',
    getMany: 'admin/getLeaseCompanyDetails, admin/getLeaseCompanyDetails',
    create: 'admin/saveLeaseCompanyDetails',
    update: 'admin/saveLeaseCompanyDetails',
  },
  group: {
    ...SEARCH('groups'),
    getOne: 'admin/getGroupDetails',
    getMany: 'admin/getGroupDetails, admin/getGroupDetails',
    create: 'admin/saveSupplierGroupDetails',
    update: 'admin/saveSupplierGroupDetails',
  },
  supplier: {
    ...SEARCH('suppliers'),
    getOne: 'supplier/getSupplierDetails',
    getMany: 'supplier/getSupplierDetails, supplier/getSupplierDetails',
    create: 'admin/saveSupplierDetails',
    update: 'admin/saveSupplierDetails',
  },
  'e-registration': {
    ...SEARCH('eRegistrations'),
    getOne: 'eOnBoarding/getERegistrationDetails',
    getMany: 'eOnBoarding/getERegistrationDetails, eOnBoarding/getERegistrationDetails',
  },
  'file-validation': {
    getList: 'fileValidation/getReports',
    getOne: 'fileValidation/getReport',
    getMany: 'fileValidation/getReport, fileValidation/getReport',
    getManyReference: 'fileValidation/getReports',
  },
  'assign-user-login': {},
  'process-logs': {
    getList: 'processLogs/getByDate',
    getOne: 'processLogs/getOne',
    getMany: 'processLogs/getOne, processLogs/getOne',
    getManyReference: 'processLogs/getByDate',
  },
  savi: {},
  support: {},
  'audit-log': {
    getList: 'auditLog/getList',
    getOne: 'auditLog/getOne',
    getMany: 'auditLog/getOne, auditLog/getOne',
    getManyReference: 'auditLog/getList',
  },
  'mail-outbox': {
    getList: 'mailOutbox/getList',
    getOne: 'mailOutbox/getOne',
    getMany: 'mailOutbox/getOne, mailOutbox/getOne',
    getManyReference: 'mailOutbox/getList',
  },
  'background-jobs': {
    getList: 'backgroundJobs/getList',
    getOne: 'backgroundJobs/getOne',
    getMany: 'backgroundJobs/getOne, backgroundJobs/getOne',
    getManyReference: 'backgroundJobs/getList',
  },
  admins: {
    getList: 'admins/getList',
    getOne: 'admins/getOne',
    getMany: 'admins/getOne, admins/getOne',
    getManyReference: 'admins/getList',
  },
  paybillRecords: { getList: 'admin/getPaybillRecords', getManyReference: 'admin/getPaybillRecords' },
  paybillDetails: {
    getOne: 'admin/getPaybillDetails',
    getMany: 'admin/getPaybillDetails, admin/getPaybillDetails',
    update: 'admin/savePayBillAddressAndFooterDetails',
  },
  enquiries: SEARCH('enquiries'),
  archivedEnquiries: SEARCH('archivedEnquiries'),
  vehicles: SEARCH('vehicles'),
  users: SEARCH('users'),
  administrators: { getList: 'administrators/getList', getMany: 'administrators/getMany', getManyReference: 'administrators/getList' },
  jobQueues: { getList: 'backgroundJobs/getQueues', getMany: 'backgroundJobs/getQueues', getManyReference: 'backgroundJobs/getQueues' },
  scheduledJobs: { getList: 'backgroundJobs/getScheduled', getManyReference: 'backgroundJobs/getScheduled' },
  customerUser: { getList: 'admin/getLeaseUsersList', getManyReference: 'admin/getLeaseUsersList' },
  customerDocument: { getList: 'admin/getDocuments', getManyReference: 'admin/getDocuments' },
  groupDocument: { getList: 'admin/getDocuments', getManyReference: 'admin/getDocuments' },
  supplierDocument: { getList: 'admin/getDocuments', getManyReference: 'admin/getDocuments' },
  networkImport: { getList: 'admin/getNetworkImports', getManyReference: 'admin/getNetworkImports' },
  networkExport: { getList: 'networkExport/getNetworkExports', getManyReference: 'networkExport/getNetworkExports' },
  groupPaybillCustomer: { getList: 'admin/listLeaseCompaniesBasedOnRateCardTypes', getManyReference: 'admin/listLeaseCompaniesBasedOnRateCardTypes' },
  groupDirectPaybillCustomer: { getList: 'admin/listDirectPaybillCustomersForGroup', getManyReference: 'admin/listDirectPaybillCustomersForGroup' },
};

/** getManyReference's params for the records of parent `id`, as react-admin's hooks send them. */
const reference = (target: string, id: string) => ({ target, id, filter: {}, sort: { field: 'id', order: 'DESC' as const }, pagination: { page: 1, perPage: 25 } });

const run = (dp: ConsoleDataProvider, verb: Verb, resource: string) => (dp[verb] as (r: string, p: unknown) => Promise<unknown>)(resource, PARAMS[verb]);

describe('dataProvider routing by the declarations', () => {
  it('knows the route of every declared entity', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
  });

  for (const { name } of RESOURCES) {
    describe(name, () => {
      it.each(VERBS)(`%s goes where the declaration says, or is refused naming ${name} and the verb`, async (verb) => {
        const { calls, dataProvider } = recording();
        const expected = ROUTES[name]?.[verb];
        if (expected) {
          await run(dataProvider, verb, name);
          expect(calls.map((c) => c.to).join(', ')).toBe(expected);
        } else {
          const refused = run(dataProvider, verb, name);
          await expect(refused).rejects.toBeInstanceOf(UnsupportedVerbError);
          await expect(refused).rejects.toThrow(`The ${name} resource does not support ${verb}.`);
          expect(calls).toEqual([]);
        }
      });
    });
  }

  it("sends a plain entity react-admin's own params, without meta, and passes the abort signal", async () => {
    const { calls, dataProvider } = recording();
    const answer = await dataProvider.getList('audit-log', PARAMS.getList as never);
    expect(answer).toEqual({ data: { id: 'r1' }, total: 0, customer: { id: 'c1', name: 'Acme' }, leaseCompanyId: 'c1', version: 2 });
    expect(calls).toEqual([{ to: 'auditLog/getList', body: { filter: { q: 'x' }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 25 } }, query: undefined, signal }]);
  });

  it("maps the customer's verbs onto the spec's payloads and answers", async () => {
    const { calls, dataProvider } = recording();
    expect(await dataProvider.getOne('customer', PARAMS.getOne as never)).toEqual({ data: { id: 'c1', name: 'Acme' } });
    expect(await dataProvider.update('customer', PARAMS.update as never)).toEqual({ data: { id: 'c1', name: 'Changed', version: 2 } });
    expect(await dataProvider.create('customer', PARAMS.create as never)).toEqual({ data: { id: 'c1', name: 'New', version: 2 } });
    expect(calls.map((c) => c.body)).toEqual([
      { leaseCompanyId: 'r1' },
      { customerDetails: { name: 'Changed' }, leaseCompanyId: 'r1' },
      { customerDetails: { name: 'New' } },
    ]);
  });

  it("hands the customer save's field errors to the form without the request's customerDetails key", async () => {
    const refused = new HttpError('Invalid', 400, { code: 'VALIDATION', errors: { 'customerDetails.address.postCode': 'Post Code is invalid', leaseCompanyId: 'Unknown' } });
    const dataProvider = createDataProvider({
      call: async () => Promise.reject(refused),
      search: async () => ({ data: [], total: 0 }),
      upload: () => Promise.reject(refused),
    });
    const error = await dataProvider.update('customer', PARAMS.update as never).catch((e: unknown) => e);
    expect(error).toBe(refused);
    expect((error as HttpError).body.errors).toEqual({ 'address.postCode': 'Post Code is invalid', leaseCompanyId: 'Unknown' });
  });

  it('reads the paybill address and footer as one flat record, and saves it at the version it showed in the spec\'s shape', async () => {
    const { calls, dataProvider } = recording();
    const { data } = await dataProvider.getOne('paybillDetails', { id: 'default' });
    expect(data).toEqual({ id: 'default', version: 3, companyName: 'FNC Ltd', number: 'Unit 4', address1: 'Riverside', address2: 'Hartwell', address3: 'Leeds', county: 'West Yorkshire', postCode: 'LS11 5QS', footer: 'Registered in England' });
    await dataProvider.update('paybillDetails', { id: 'default', data: { ...data, footer: 'New footer' }, previousData: data });
    expect(calls.map((c) => [c.to, c.method, c.body])).toEqual([
      ['admin/getPaybillDetails', 'GET', undefined],
      ['admin/savePayBillAddressAndFooterDetails', undefined, { version: 3, address: PAYBILL_DETAILS.address, invoice: { companyName: 'FNC Ltd', footer: { blurb: 'New footer' } } }],
    ]);
  });

  it("sends the SAVi area's calls with the spec's bodies", async () => {
    const { calls, dataProvider } = recording();
    await dataProvider.requestCreditLimitExport({ savi: ['view'] });
    await dataProvider.saviExports(signal);
    await dataProvider.saviExportFile('savi-exports/x', 'Fin Ance').catch(() => undefined);
    await dataProvider.paybillCustomers();
    await dataProvider.getList('paybillRecords', { filter: { date: '2026-11-20', leaseCompanyId: null, quickbooks: false }, pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' } });
    const record = { docId: 'd1', year: 2026, month: 11 } as never;
    await dataProvider.exportInvoice(record, { uid: 'a1', firstname: 'Fin', lastname: 'Ance', email: 'f@x.example' });
    expect(calls.map((c) => [c.to, c.method ?? 'POST', c.body])).toEqual([
      ['admin/exportCreditLimitDetails', 'POST', { user: { roles: { savi: ['view'] } } }],
      ['admin/getSaviExportsList', 'GET', undefined],
      ['admin/getSAViExportFile', 'POST', { filepath: 'savi-exports/x', userName: 'Fin Ance' }],
      ['admin/getPaybillCustomersList', 'GET', undefined],
      ['admin/getPaybillRecords', 'POST', { date: '2026-11-20', leaseCompanyId: null, quickbooks: false, pageSize: 25, lastRecordReferenceId: null, isInitialLoad: true, recordType: 'Invoice' }],
      ['admin/addInvoiceToQuickBooksBill', 'POST', { year: 2026, month: 11, docId: 'd1', firstname: 'Fin', lastname: 'Ance' }],
    ]);
  });

  it('continues a keyset-paged list from the cursor the page before answered, per search', async () => {
    const bodies: unknown[] = [];
    const cursor = (ref: string, end = false) => ({ lastRecordReferenceId: ref, recordType: 'Invoice', date: '2026-11-20', leaseCompanyId: null, quickbooks: false, endOfRecord: end });
    const answers = [cursor('INV-25'), cursor('INV-50', true)];
    const io = { call: async (_slug: string, o: { body?: unknown }) => (bodies.push(o.body), { success: true, invoicedRecords: [{ docId: `d${bodies.length}` }], cursor: answers[bodies.length - 1] }) };
    const dataProvider = createDataProvider(io as unknown as DataIo);
    const params = (page: number) => ({ filter: { date: '2026-11-20' }, pagination: { page, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const } });
    expect(await dataProvider.getList('paybillRecords', params(1))).toMatchObject({ data: [{ id: 'd1', docId: 'd1' }], pageInfo: { hasNextPage: true } });
    expect(await dataProvider.getList('paybillRecords', params(2))).toMatchObject({ data: [{ id: 'd2' }], pageInfo: { hasNextPage: false, hasPreviousPage: true } });
    expect(bodies).toMatchObject([
      { isInitialLoad: true, lastRecordReferenceId: null, recordType: 'Invoice' },
      { isInitialLoad: false, lastRecordReferenceId: 'INV-25', recordType: 'Invoice' },
    ]);
    // Another search has no page 2 until its page 1 was read.
    await expect(dataProvider.getList('paybillRecords', { ...params(2), filter: { date: '2026-11-21' } })).rejects.toThrow('Page 2 was asked for before the page it continues.');
  });

  it("answers the job queue filter's getMany from the queue list", async () => {
    const { dataProvider } = recording();
    expect(await dataProvider.getMany('jobQueues', { ids: ['r1'] })).toEqual({ data: [{ id: 'r1' }] });
  });

  it('derives getManyReference from getList, filtering on the target', async () => {
    const { calls, dataProvider } = recording();
    await dataProvider.getManyReference('audit-log', PARAMS.getManyReference as never);
    expect(calls[0].body).toEqual({ filter: { ownerId: 'o1' }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 25 } });
  });

  it('runs declared commands and refuses others', async () => {
    const { calls, dataProvider } = recording();
    await dataProvider.command('customer', 'terminate', { id: 'c1', version: 4 });
    await dataProvider.command('background-jobs', 'retry', { id: 'j1' });
    await dataProvider.command('background-jobs', 'runScheduled', { queue: 'savi-weekly-statement', id: 'ignored' });
    expect(calls.map((c) => [c.to, c.body])).toEqual([
      ['admin/terminateCustomer', { leaseCompanyId: 'c1', version: 4 }],
      ['backgroundJobs/retry', { id: 'j1' }],
      ['backgroundJobs/runScheduled', { queue: 'savi-weekly-statement' }],
    ]);
    await expect(dataProvider.command('audit-log', 'retry', { id: 'x' })).rejects.toThrow('The audit-log resource does not support retry.');
    await expect(dataProvider.command('customer', 'toString', {})).rejects.toThrow('The customer resource does not support toString.');
  });

  it("reads a customer's or a supplier's subscriptions with GET on the spec's path, passing useQuery's abort signal", async () => {
    const { calls, dataProvider } = recording();
    await dataProvider.subscriptions({ kind: 'customer', id: 'c 1' }, signal);
    await dataProvider.subscriptions({ kind: 'supplier', id: 's1' });
    expect(calls).toEqual([
      { to: 'chargebee/customerSubscriptionList/customerId/c%201/serviceUnitId/-/accountId/-', method: 'GET', body: undefined, query: undefined, signal },
      { to: 'chargebee/customerSubscriptionList/customerId/-/serviceUnitId/s1/accountId/-', method: 'GET', body: undefined, query: undefined, signal: undefined },
    ]);
  });

  it("sends the integration drawers' calls to their slugs, keyed by the owner's view type", async () => {
    const { calls, dataProvider } = recording();
    const lease = { viewType: 'LEASE', id: 'c1' } as const;
    const garage = { viewType: 'GARAGE', id: 'g1' } as const;
    const endpoints = [{ path: '/v1/enquiries', isEnabled: true }];
    await dataProvider.apiConfig(lease);
    await dataProvider.apiConfig(garage);
    await dataProvider.createApiId(lease);
    await dataProvider.updateApiEndpoints(garage, endpoints, 3);
    await dataProvider.updateLeaseWebhooks('c1', 4, { enabled: false } as never);
    await dataProvider.saveRetailerConfig('c1', 5, { custCust: 'Acme', mappingId: 'M1' });
    expect(calls.map(({ to, body }) => [to, body])).toEqual([
      ['admin/getApiConfig', { leaseId: 'c1', viewType: 'LEASE' }],
      ['admin/getApiConfig', { accountId: 'g1', viewType: 'GARAGE' }],
      ['admin/createApiId', { leaseId: 'c1', viewType: 'LEASE' }],
      ['admin/updateApiEndpoints', { accountObjectId: 'g1', viewType: 'GARAGE', allowedEndpoints: endpoints, version: 3 }],
      ['admin/updateLeaseWebhooks', { leaseCompanyId: 'c1', version: 4, webhooks: { enabled: false } }],
      ['admin/saveRetailerConfig', { leaseCompanyId: 'c1', version: 5, retailerConfig: { custCust: 'Acme', mappingId: 'M1' } }],
    ]);
  });

  it("sends the users drawers' calls to their slugs with the spec's bodies", async () => {
    const { calls, dataProvider } = recording();
    const user = { id: 'u1', firstname: 'Ann', lastname: 'Lee', email: 'ann@x.example', isAdmin: false, isInvite: true } as never;
    const by = { uid: 'a1', firstname: 'Sam', lastname: 'Super', email: 'sam@x.example' } as never;
    const users = await dataProvider.getManyReference('customerUser', { ...reference('customerId', 'c1'), signal });
    expect(users).toEqual({ data: [{ id: 'u1' }], total: 1 });
    await dataProvider.deleteLeaseUser(user);
    await dataProvider.reactivateLeaseUser(user, by);
    expect(calls.map(({ to, body }) => [to, body])).toEqual([
      ['admin/getLeaseUsersList', { companyId: 'c1' }],
      ['admin/deleteLeaseUser', { leaseUserId: 'u1' }],
      [
        'admin/reactivateUser',
        {
          userId: 'u1',
          eventLogData: {
            reactivatedBy: { id: 'a1', firstname: 'Sam', lastname: 'Super', email: 'sam@x.example' },
            reactivatedUser: { id: 'u1', firstname: 'Ann', lastname: 'Lee', email: 'ann@x.example' },
          },
        },
      ],
    ]);
    expect(calls[0].signal).toBe(signal);
  });

  it("sends the Documents drawer's calls for each kind of owner, with its ids and upload type", async () => {
    const { calls, dataProvider } = recording();
    const doc = { fileId: 'f1', uid: 'u1', savedFilename: 'u1_a.pdf' } as never;
    const by = { uid: 'a1', firstname: 'Sam', lastname: 'Super', email: 'sam@x.example' } as never;
    const docs = await dataProvider.getManyReference('customerDocument', { ...reference('customerId', 'c1'), signal });
    expect(docs).toEqual({ data: [{ id: 'f1', fileId: 'f1' }], total: 1 });
    await dataProvider.getManyReference('supplierDocument', reference('supplierId', 's1'));
    await dataProvider.uploadDocumentFile({ kind: 'group', id: 'g1' }, { base64: 'QUJD', uid: 'u1', savedFilename: 'u1_a.pdf' });
    await dataProvider.addDocument({ kind: 'supplier', id: 's1' }, { uid: 'u1', type: 'application/pdf', filename: 'a.pdf', savedFilename: 'u1_a.pdf', label: 'Terms', fileId: 'f1' }, by);
    await dataProvider.documentFile({ kind: 'leaseCompany', id: 'c1' }, doc);
    await dataProvider.deleteDocument({ kind: 'group', id: 'g1' }, doc);
    const none = { leaseCompanyId: null, accountId: null, serviceUnitId: null };
    expect(calls.map(({ to, body }) => [to, body])).toEqual([
      ['admin/getDocuments', { ...none, leaseCompanyId: 'c1' }],
      ['admin/getDocuments', { ...none, serviceUnitId: 's1' }],
      ['enquiry/uploadImage', { file: 'QUJD', fileId: 'u1', savedFilename: 'u1_a.pdf', platformType: 'WEB', documentUploadType: 'GROUP' }],
      [
        'admin/addDocument',
        {
          ...none,
          serviceUnitId: 's1',
          uploadType: 'SUPPLIER',
          user: { firstname: 'Sam', lastname: 'Super' },
          document: { uid: 'u1', type: 'application/pdf', filename: 'a.pdf', savedFilename: 'u1_a.pdf', label: 'Terms', fileId: 'f1' },
        },
      ],
      ['enquiry/getDocumentBufferData', { fileId: 'f1', savedFilename: 'u1_a.pdf', platformType: 'WEB', documentUploadType: 'CUSTOMER' }],
      ['admin/deleteDocument', { fileId: 'f1', ids: { ...none, accountId: 'g1' }, uid: 'u1', savedFilename: 'u1_a.pdf', platformType: 'WEB', documentUploadType: 'GROUP' }],
    ]);
    expect(calls[0].signal).toBe(signal);
  });

  it("reads a group's paybill lists by its accountId, the candidates by the rate card types asked for", async () => {
    const { calls, dataProvider } = recording();
    await dataProvider.getManyReference('groupPaybillCustomer', { ...reference('groupId', 'g1'), filter: { rateCardTypes: ['COST_TYPE_HYBRID_VISN'] } });
    await dataProvider.getManyReference('groupDirectPaybillCustomer', reference('groupId', 'g1'));
    expect(calls.map(({ to, body }) => [to, body])).toEqual([
      ['admin/listLeaseCompaniesBasedOnRateCardTypes', { rateCardTypes: ['COST_TYPE_HYBRID_VISN'], accountId: 'g1' }],
      ['admin/listDirectPaybillCustomersForGroup', { accountId: 'g1' }],
    ]);
  });

  it("sends the network pages' calls with the customer's id, or as the DI network's without it", async () => {
    const { calls, dataProvider } = recording();
    const filters = { emailExportFile: true, supplierType: 'ALL', motClass: null } as never;
    const user = { firstname: 'Sam', lastname: 'Super', email: 'sam@x.example' };
    await dataProvider.leaseAccounts('c1', 'north', signal);
    await dataProvider.triggerLeaseNetworkExport('c1', 'g1', filters);
    await dataProvider.triggerDiNetworkExport(null, filters);
    await dataProvider.getList('networkExport', { filter: { customerId: null }, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 25 } });
    await dataProvider.networkExportFile('e1', 'c1');
    await dataProvider.getManyReference('networkImport', reference('customerId', 'c1'));
    await dataProvider.networkImportLogFile('i1', null);
    await dataProvider.persistNetworkImport('i1', 'c1', user);
    await dataProvider.uploadNetworkImport({ file: new File(['a,b'], 'net.csv'), leaseId: null, user });
    expect(calls.map(({ to, body }) => [to, body])).toEqual([
      ['admin/getLeaseAccountsList', { leaseId: 'c1', searchText: 'north' }],
      ['networkExport/triggerLeaseNetworkExport', { leaseId: 'c1', accountsId: 'g1', isEnabled: true, emailExportFile: true, supplierType: 'ALL', motClass: null }],
      ['networkExport/triggerDiNetworkExport', { emailExportFile: true, supplierType: 'ALL', motClass: null }],
      ['networkExport/getNetworkExports', {}],
      ['networkExport/getNetworkExportFile', { exportId: 'e1', leaseId: 'c1' }],
      ['admin/getNetworkImports', { leaseId: 'c1', isDiNetworkImport: false }],
      ['admin/getNetworkImportLogFile', { importId: 'i1', isDiNetworkImport: true }],
      ['admin/persistNetworkImport', { importId: 'i1', userDetails: user, leaseId: 'c1', isDiNetworkImport: false }],
      ['admin/validateNetworkImport', { user: JSON.stringify(user), isDiNetworkImport: 'true', file: 'file net.csv' }],
    ]);
    expect(calls[0].signal).toBe(signal);
  });

  it("reads a supplier by its id and its group's, and terminates it at the version the page shows, with the supplier as `user` (spec 2 §7)", async () => {
    const { calls, dataProvider } = recording();
    await dataProvider.getOne('supplier', { id: 's1', meta: { accountObjectId: 'g1' }, signal });
    const contact = { primaryPhoneNumber: '0117 496 0000', bookingPhoneNumber: null, faxNumber: null, email: 'desk@harbour.example' };
    const supplier = { id: 's1', accountObjectId: 'g1', version: 3, contact, name: 'Harbour Motors', supplierGroupName: 'Harbour Group', supplierId: 'SUP-1' };
    const by = { uid: 'a1', firstname: 'Edith', lastname: 'Editor', email: 'editor@fleet-network.example' };
    await dataProvider.command('supplier', 'terminate', { supplier, by });
    expect(calls.map(({ to, body }) => [to, body])).toEqual([
      ['supplier/getSupplierDetails', { serviceUnitId: 's1', accountObjectId: 'g1' }],
      [
        'admin/terminateSupplierUnit',
        { serviceUnitId: 's1', accountId: 'g1', version: 3, user: { ...contact, name: 'Harbour Motors', supplierGroupName: 'Harbour Group', supplierId: 'SUP-1' }, userDetails: by },
      ],
    ]);
    expect(calls[0].signal).toBe(signal);
  });

  it('refuses an entity nobody declared', async () => {
    const { dataProvider } = recording();
    await expect(dataProvider.getOne('nothing', { id: 1 })).rejects.toThrow('No resource named nothing');
    await expect(dataProvider.command('constructor', 'retry', {})).rejects.toThrow('No resource named constructor');
  });
});
