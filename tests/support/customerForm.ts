import type { Locator, Page } from 'playwright-core';
import { choose } from './formInputs';

export { choose };

/** The customer form's fields, as a user fills them (the create and edit tests, the save-once test). */

/** A text input by its accessible name (the label without the required asterisk). */
export const box = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: typeof name === 'string' ? true : undefined });

/** The message MUI shows under an input, found through the input's aria-describedby. */
export async function errorOf(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  const texts = await Promise.all(ids.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ').trim();
}

const FEES: [string, string][] = [
  ['Booking Fee', '12.50'],
  ['Monthly Vehicle Fee', '3.75'],
  ['Transaction Fee', '0.99'],
  ['Licence Fee', '1250'],
  ['Manual VOR Fee', '15'],
  ['Reporting Licence Fee', '499.99'],
  ['Driver Licence - Price Per Check fee', '1.15'],
  ['Licence Check - per driver per month Fee', '0.30'],
];

export async function fillCommon(page: Page, v: { name: string; company: string; vat: string; postCode: string; phone: string; mobile?: string }): Promise<void> {
  await box(page, 'Customer Name').fill(v.name);
  await box(page, 'Company Registration Number').fill(v.company);
  await box(page, 'VAT Number').fill(v.vat);
  await choose(page, 'Customer Type', 'Direct');
  await choose(page, 'Rate Card Type', 'ViSN');
  await box(page, 'Account Manager').fill('Siobhan Walsh');
  await box(page, 'Building Name/Number').fill('Unit 4');
  await box(page, 'Street Name').fill('Quayside');
  await box(page, 'Town').fill('Newcastle upon Tyne');
  await box(page, /^(Postcode|Eircode)/).fill(v.postCode);
  await box(page, 'Contact Name').fill('Mary Byrne');
  await box(page, 'Email').fill('fleet@example.com');
  await box(page, 'Phone Number').fill(v.phone);
  if (v.mobile) await box(page, 'Mobile Number').fill(v.mobile);
  await choose(page, 'Payment Method', 'Direct Debit');
  await choose(page, 'Fees Schedule', '30 days');
  await choose(page, 'Apply Platform Fee to', 'Sub Customer');
  for (const [label, value] of FEES) await box(page, label).fill(value);
}
