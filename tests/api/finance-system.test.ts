import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fakeQuickBooks';
import { accountingCategories, financeBills, financeSuppliers, financeTaxCodes } from '../../server/db/schema';
import { localLedger } from '../../server/integrations/finance/local';
import { quickBooksClient } from '../../server/integrations/finance/quickbooks';
import { FinanceSystemError, type FinanceSystem, type SupplierIdentity } from '../../server/integrations/finance/system';
import type { FinanceSupplier } from '../../domain/suppliers';

let t: TestApp;
let qbo: FakeQuickBooks;

beforeAll(async () => {
  t = await createTestApp();
  qbo = await startFakeQuickBooks();
});
afterAll(async () => {
  await qbo.close();
  await t.close();
});

const RECORD: FinanceSupplier = {
  Id: '58',
  DisplayName: "O'Neill Motors",
  CompanyName: 'Harbour Motor Group',
  PrimaryEmailAddr: { Address: 'accounts@oneill.example' },
  PrimaryPhone: { FreeFormNumber: '01171234567' },
  AcctNum: 'ONEI0001',
  PrintOnCheckName: "O'Neill Motors",
  BillAddr: { City: 'Bristol', Country: 'United Kingdom', Line1: '12 Quay Street', Line2: 'Old Town', Line3: 'Avon', PostalCode: 'BS14DJ' },
};
const IDENTITY: SupplierIdentity = { name: "O'Neill Motors", companyRegistrationNumber: '01234567', vatRegistrationNumber: 'GB123456789', accountSystemReference: 'ONEI0001' };

/** Each implementation, and how a test puts a supplier record and a category into it. */
interface Subject {
  name: string;
  system(): FinanceSystem;
  addSupplier(record: FinanceSupplier, identity: SupplierIdentity): Promise<void>;
  addCategory(id: string, name: string): Promise<void>;
  addTaxCode(id: string, name: string): Promise<void>;
  billCount(): Promise<number>;
}

const SUBJECTS: Subject[] = [
  {
    name: 'the local ledger',
    system: () => localLedger(t.services.db),
    async addSupplier(r, identity) {
      await t.services.db.insert(financeSuppliers).values({
        id: r.Id,
        displayName: r.DisplayName,
        companyName: r.CompanyName,
        email: r.PrimaryEmailAddr?.Address ?? null,
        phone: r.PrimaryPhone?.FreeFormNumber ?? null,
        acctNum: r.AcctNum,
        printOnCheckName: r.PrintOnCheckName,
        billAddr: r.BillAddr,
        companyNumber: identity.companyRegistrationNumber,
        vatNumber: identity.vatRegistrationNumber,
      });
    },
    async addCategory(id, name) {
      await t.services.db.insert(accountingCategories).values({ id, name });
    },
    async addTaxCode(id, name) {
      await t.services.db.insert(financeTaxCodes).values({ id, name });
    },
    billCount: async () => (await t.services.db.select().from(financeBills)).length,
  },
  {
    name: 'the QuickBooks Online client',
    system: () => quickBooksClient({ baseUrl: qbo.baseUrl, tokenUrl: qbo.tokenUrl, realmId: qbo.realmId, clientId: qbo.clientId, clientSecret: qbo.clientSecret, refreshToken: qbo.refreshToken, timeoutMs: 5000 }),
    async addSupplier(r) {
      qbo.vendors.set(r.Id, {
        Id: r.Id,
        DisplayName: r.DisplayName,
        ...(r.CompanyName ? { CompanyName: r.CompanyName } : {}),
        ...(r.PrimaryEmailAddr?.Address ? { PrimaryEmailAddr: { Address: r.PrimaryEmailAddr.Address } } : {}),
        ...(r.PrimaryPhone?.FreeFormNumber ? { PrimaryPhone: { FreeFormNumber: r.PrimaryPhone.FreeFormNumber } } : {}),
        ...(r.AcctNum ? { AcctNum: r.AcctNum } : {}),
        ...(r.PrintOnCheckName ? { PrintOnCheckName: r.PrintOnCheckName } : {}),
        ...(r.BillAddr ? { BillAddr: Object.fromEntries(Object.entries(r.BillAddr).filter(([, v]) => v !== null)) } : {}),
      });
    },
    async addCategory(id, name) {
      qbo.customerTypes.push({ Id: id, Name: name });
    },
    async addTaxCode(id, name) {
      qbo.taxCodes.push({ Id: id, Name: name, Active: true });
    },
    billCount: async () => qbo.bills.length,
  },
];

describe.each(SUBJECTS)('the finance system contract: $name', (subject) => {
  it("answers a supplier's record by id with the spec's fields, and null for an unknown id", async () => {
    await subject.addSupplier(RECORD, IDENTITY);
    const system = subject.system();
    expect(await system.supplier('58')).toEqual(RECORD);
    expect(await system.supplier('59999')).toBeNull();
    expect(await system.supplier('not a vendor id')).toBeNull();
  });

  it("resolves a supplier's mapping to the record kept for it, and to null when there is none", async () => {
    const system = subject.system();
    const other = { ...RECORD, Id: '77', DisplayName: 'Quay Tyres' };
    await subject.addSupplier(other, { ...IDENTITY, name: 'Quay Tyres', companyRegistrationNumber: 'SC765432', vatRegistrationNumber: null });
    expect(await system.resolveSupplier({ ...IDENTITY, name: 'Quay Tyres', companyRegistrationNumber: 'SC765432', vatRegistrationNumber: null })).toBe('77');
    expect(await system.resolveSupplier({ name: 'Nobody Garage', companyRegistrationNumber: '99999999', vatRegistrationNumber: 'GB999999999', accountSystemReference: null })).toBeNull();
  });

  it('lists the customer categories by name', async () => {
    await subject.addCategory('2', 'Leasing UK');
    await subject.addCategory('1', 'Contract Hire');
    const names = (await subject.system().customerCategories()).map((c) => c.name);
    expect(names.indexOf('Contract Hire')).toBeLessThan(names.indexOf('Leasing UK'));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('adds a bill for a supplier and answers its id', async () => {
    const before = await subject.billCount();
    const { id } = await subject.system().addBill({ vendorId: '58', docNumber: `INV-${subject.name.length}`, txnDate: '2026-11-20', currency: 'GBP', lines: [{ description: 'Service', amount: 12050, accountRef: null, taxCodeRef: null }], memo: 'Test' });
    expect(id).toEqual(expect.any(String));
    expect(await subject.billCount()).toBe(before + 1);
  });

  it("answers the id of a tax code by its exact name, and null for a name it does not hold", async () => {
    await subject.addTaxCode('7', '20.0% S');
    await subject.addTaxCode('9', "23% S 'IE'");
    const system = subject.system();
    expect(await system.taxCode('20.0% S')).toBe('7');
    expect(await system.taxCode("23% S 'IE'")).toBe('9');
    expect(await system.taxCode('13.5% R')).toBeNull();
    expect(await system.taxCode('20.0% s')).toBeNull();
  });

  it('finds a bill by its document number: null before it is added, its id after', async () => {
    const system = subject.system();
    const docNumber = `FIND-${subject.name.length}`;
    expect(await system.findBill(docNumber)).toBeNull();
    const { id } = await system.addBill({ vendorId: '58', docNumber, txnDate: '2026-11-21', currency: 'GBP', lines: [{ description: 'MOT', amount: 5485, accountRef: null, taxCodeRef: '7' }], memo: 'Find me' });
    expect(await system.findBill(docNumber)).toEqual({ id });
    // Another document number names another bill (none).
    expect(await system.findBill(`${docNumber}0`)).toBeNull();
  });
});

describe('the QuickBooks Online client', () => {
  const client = () => quickBooksClient({ baseUrl: qbo.baseUrl, tokenUrl: qbo.tokenUrl, realmId: qbo.realmId, clientId: qbo.clientId, clientSecret: qbo.clientSecret, refreshToken: qbo.refreshToken, timeoutMs: 5000 });

  it('gets a token once, refreshes it on a 401 and goes on with the rotated refresh token', async () => {
    qbo.vendors.set('90', { Id: '90', DisplayName: 'Token Test Garage' });
    const system = client();
    const grants = qbo.grants;
    expect((await system.supplier('90'))?.DisplayName).toBe('Token Test Garage');
    expect((await system.supplier('90'))?.DisplayName).toBe('Token Test Garage');
    expect(qbo.grants).toBe(grants + 1);
    qbo.expireToken();
    const refused = qbo.unauthorized;
    expect((await system.supplier('90'))?.DisplayName).toBe('Token Test Garage');
    expect(qbo.unauthorized).toBe(refused + 1);
    expect(qbo.grants).toBe(grants + 2);
  });

  it("sends the bill in QuickBooks' shape: vendor, lines in pounds, currency code", async () => {
    await client().addBill({ vendorId: '58', docNumber: 'INV-9', txnDate: '2026-11-20', currency: 'EURO', lines: [{ description: 'Tyres', amount: 9999, accountRef: '41', taxCodeRef: '7' }], memo: 'Lease' });
    expect(qbo.bills.at(-1)?.body).toMatchObject({
      VendorRef: { value: '58' },
      DocNumber: 'INV-9',
      CurrencyRef: { value: 'EUR' },
      Line: [{ DetailType: 'AccountBasedExpenseLineDetail', Amount: 99.99, Description: 'Tyres', AccountBasedExpenseLineDetail: { AccountRef: { value: '41' }, TaxCodeRef: { value: '7' } } }],
      PrivateNote: 'Lease',
    });
  });

  it('finds no inactive tax code: a name whose only code is inactive has none, an active one of the same name is answered', async () => {
    qbo.taxCodes.push({ Id: '31', Name: '4.8% Q', Active: false });
    expect(await client().taxCode('4.8% Q')).toBeNull();
    qbo.taxCodes.push({ Id: '32', Name: '4.8% Q', Active: true });
    expect(await client().taxCode('4.8% Q')).toBe('32');
  });

  it("escapes quotes in the vendor query, and reports the finance system's failures as FinanceSystemError", async () => {
    expect(await client().resolveSupplier({ ...IDENTITY, name: "O'Neill Motors" })).toBe('58');
    qbo.failWith = 503;
    try {
      await expect(client().supplier('58')).rejects.toBeInstanceOf(FinanceSystemError);
    } finally {
      qbo.failWith = null;
    }
    const unreachable = quickBooksClient({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9/token', realmId: '1', clientId: 'a', clientSecret: 'b', refreshToken: 'c', timeoutMs: 2000 });
    await expect(unreachable.supplier('58')).rejects.toBeInstanceOf(FinanceSystemError);
  });
});

it('stores nothing of a failed bill in the local ledger', async () => {
  await expect(localLedger(t.services.db).addBill({ vendorId: 'no-such-vendor', docNumber: 'X-1', txnDate: '2026-11-20', currency: 'GBP', lines: [], memo: '' })).rejects.toThrow();
  expect(await t.services.db.select().from(financeBills).where(eq(financeBills.docNumber, 'X-1'))).toEqual([]);
});
