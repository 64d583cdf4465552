import { screen } from '@testing-library/react';
import { CUSTOMER_FEE_KEYS, toSaveInput, type Country, type CustomerDetails } from '../../../domain/customers';
import { CURRENCY_LABELS } from '../../../domain/customers/details';
import type { RoleName } from '../../../domain/permissions';
import { customerResource } from '../../../domain/resources/customer';
import { CustomerCreate, CustomerEdit } from '../../../resources/customers/form/CustomerFormPages';
import { fullForm } from '../../fixtures/customerForms';
import { renderForm, type RenderedForm } from './render';

const COUNTRY_PATH = { UK: 'UK', IE: 'Ireland' } as const;
export const COUNTRY_NAME = COUNTRY_PATH;

/** The accounting system's categories the form offers (dataProvider.accountingCategories). */
export const CATEGORIES = [
  { id: '1001', name: 'Fleet Leasing' },
  { id: '1004', name: 'Contract Hire' },
];
const answers = { accountingCategories: CATEGORIES, integrationLookups: [] };

/** The editor shows once the admin's permissions for its fee block are known; until then the page says it is loading. */
async function formShown() {
  await screen.findByRole('button', { name: 'Save' });
}

/** Create Customer for a country, as /customer/create-customer/:selectedCountry opens it. */
export async function openCreate(country: Country, role: RoleName = 'SUPER_ADMIN'): Promise<RenderedForm> {
  const form = renderForm(<CustomerCreate />, { path: '/customer/create-customer/:selectedCountry', url: `/customer/create-customer/${COUNTRY_PATH[country]}`, role, answers });
  await screen.findByRole('heading', { level: 1, name: `Create Customer for ${COUNTRY_NAME[country]}` });
  await formShown();
  return form;
}

/** A stored customer of the country with every field filled (the full form of tests/fixtures), as the API answers it. */
export function storedCustomer(country: Country, change: (d: CustomerDetails) => void = () => undefined): CustomerDetails {
  const { customerDetails: s } = toSaveInput(fullForm(country), country);
  // The API answers fees in minor units; the save sends each with what was typed.
  const fees = s.platformFees && { ...s.platformFees, ...Object.fromEntries(CUSTOMER_FEE_KEYS.map((k) => [k, s.platformFees![k].value])) };
  const d = {
    ...s,
    id: 'lc-1',
    version: 3,
    status: 'ACTIVE',
    diCustomerId: 'C01001',
    name: s.customerName,
    mainphoneNumber: s.phoneNumber,
    rateCardType: { type: s.rateCardType, label: s.rateCardType },
    fleetLevel: s.fleetLevel ? { type: s.fleetLevel, label: s.fleetLevel } : null,
    currency: { value: s.currency, label: CURRENCY_LABELS[s.currency as keyof typeof CURRENCY_LABELS] },
    webLinkId: null,
    platformFees: fees,
    platformFeeAssignee: s.platformFees?.platformFeeAssignee ?? null,
    retailerConfig: null,
    documentCount: 0,
    terminatedAt: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    modifiedAt: '2026-01-05T10:00:00.000Z',
  } as unknown as CustomerDetails;
  change(d);
  return d;
}

/** Edit Customer of a stored customer, as /customer/edit-customer?id= opens it. */
export async function openEdit(details: CustomerDetails, role: RoleName = 'SUPER_ADMIN'): Promise<RenderedForm> {
  const form = renderForm(<CustomerEdit />, { path: '/customer/edit-customer', url: `/customer/edit-customer?id=${details.id}`, role, answers, records: { [customerResource.name]: [details as never] } });
  await screen.findByRole('heading', { level: 1, name: /^Edit Customer of / });
  await formShown();
  return form;
}
