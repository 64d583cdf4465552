import { describe, expect, it } from 'vitest';
import { compareWithFinance, type FinanceSupplier, type SupplierDetails } from '../../domain/suppliers';

const supplier = {
  name: 'Harbour Motors',
  supplierGroupName: 'Harbour Motor Group',
  locale: 'en_GB',
  useHeadOfficeNameAndAddress: false,
  accountSystemReference: 'HARB0001',
  contact: { email: 'bookings@harbour.example', primaryPhoneNumber: '01171234567' },
  address: { number: '12', address1: 'Quay Street', address2: null, address3: 'Bristol', county: 'Avon', postcode: 'BS14DJ' },
} as unknown as SupplierDetails;

const record: FinanceSupplier = {
  Id: '58',
  DisplayName: 'Harbour Motors',
  CompanyName: 'harbour motor group',
  PrimaryEmailAddr: { Address: 'BOOKINGS@harbour.example' },
  PrimaryPhone: { FreeFormNumber: '0117 123 4567' },
  AcctNum: 'HARB0001',
  PrintOnCheckName: 'Harbour Motors',
  BillAddr: { City: 'Bristol', Country: 'GB', Line1: '12  Quay Street', Line2: null, Line3: 'Avon', PostalCode: 'BS1 4DJ' },
};

const differing = (s: SupplierDetails, f: FinanceSupplier) => compareWithFinance(s, f).filter((r) => !r.match).map((r) => r.label);

describe('the finance-system comparison (spec 2 §3.6)', () => {
  it('matches across case, spacing, phone and postcode formats, and a country by its ISO code', () => {
    expect(differing(supplier, record)).toEqual([]);
    expect(compareWithFinance(supplier, record).map((r) => r.label)).toEqual([
      'Display Name', 'Company Name', 'Email', 'Phone', 'Account Number', 'Print On Check Name',
      'Address Line 1', 'Address Line 2', 'Address Line 3', 'City', 'Postal Code', 'Country',
    ]);
  });

  it('marks each field that differs, and a value one side lacks', () => {
    expect(differing(supplier, { ...record, DisplayName: 'Harbour Motors Ltd', PrimaryPhone: null, BillAddr: { ...record.BillAddr!, Country: 'Ireland', PostalCode: 'BS1 4DK' } })).toEqual(['Display Name', 'Phone', 'Postal Code', 'Country']);
  });

  it("compares the printed name with the head office's when invoices use it", () => {
    const headOffice = { ...supplier, useHeadOfficeNameAndAddress: true } as SupplierDetails;
    expect(differing(headOffice, record)).toEqual(['Print On Check Name']);
    expect(differing(headOffice, { ...record, PrintOnCheckName: 'Harbour Motor Group' })).toEqual([]);
  });
});
