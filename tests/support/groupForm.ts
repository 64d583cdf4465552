import type { Locator, Page } from 'playwright-core';
import { choose } from './formInputs';

/** The group form's fields, as a user fills them (the group tests, the save-once test). */

export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Fills an address block of the group form. */
export async function fillAddress(block: Locator, a: { number: string; street: string; locality?: string; town: string; county?: string; postcode: string }) {
  await block.getByLabel(/^Building Name\/Number/).fill(a.number);
  await block.getByLabel(/^Street name/).fill(a.street);
  if (a.locality) await block.getByLabel(/^Locality/).fill(a.locality);
  await block.getByLabel(/^Town/).fill(a.town);
  if (a.county) await block.getByLabel(/^County/).fill(a.county);
  await block.getByLabel(/^(Postcode|Eircode)/).fill(a.postcode);
}

export async function fillFees(page: Page) {
  const fees = region(page, 'Platform Fees');
  await choose(page, /^Fees Schedule/, '30 days');
  await fees.getByLabel(/^Accepted Booking Fee/).fill('1.50');
  await fees.getByLabel(/^Transaction Fee/).fill('0.25');
  await fees.getByLabel(/^Reporting Licence Fee/).fill('1234.5');
  await fees.getByLabel(/^Merchant Fee/).fill('2.5');
}

/** Every required field of Create Group for UK, valid; the contact and address chains ticked. */
export async function fillUkGroup(page: Page, g: { groupId: string; name: string }) {
  const details = region(page, 'Group Details');
  await details.getByLabel(/^Group ID/).fill(g.groupId);
  await details.getByLabel(/^Supplier Group Name/).fill(g.name);
  await details.getByLabel(/^Company registration number/).fill('01234567');
  await details.getByLabel(/^VAT Registration number/).fill('GB123456789');
  await details.getByLabel(/^Visn account number/).fill('VA1234567');
  await fillAddress(region(page, 'Address'), { number: '12', street: 'Quay Street', locality: 'Redcliffe', town: 'Bristol', county: 'Avon', postcode: 'BS1 4DJ' });
  await region(page, 'Billing Address').getByLabel('Same as Address').check();
  await region(page, 'Paying Address').getByLabel('Same as Billing Address').check();
  const contact = region(page, 'Contact');
  await contact.getByLabel(/^First Name/).fill('Sam');
  await contact.getByLabel(/^Last Name/).fill("O'Neill");
  await contact.getByLabel(/^Phone Number/).fill('01171234567');
  await contact.getByLabel(/^Email/).fill('office@severn.example');
  await region(page, 'Billing Contact').getByLabel('Same as Contact').check();
  await region(page, 'Paying Contact').getByLabel('Same as Billing Contact').check();
  await fillFees(page);
  await region(page, 'Credit Limit').getByLabel(/^Agreed Credit Limit/).fill('25000');
}
