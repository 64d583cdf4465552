import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ieVatCheckLetter, ukVatCheckDigits } from '../../domain/formats';
import { box, choose, fill, messageOf, press } from './support/fields';
import { CATEGORIES, openCreate, openEdit, storedCustomer } from './support/customerForm';

/** Saves and waits for the form to say it has problems. */
async function saveWithErrors(user: Parameters<typeof press>[0]): Promise<void> {
  await press(user, 'Save');
  await screen.findByText(/fields? needs? your attention/);
}

const select = (name: string) => screen.getByRole('combobox', { name });

describe('create customer: an empty form', () => {
  it.each([
    ['UK', 'Postcode', 'Mobile Number is required'],
    ['IE', 'Eircode', ''],
  ] as const)('%s: says what is required next to each field, and focuses the first', async (country, postcode, mobile) => {
    const { user } = await openCreate(country);
    await saveWithErrors(user);
    const required: [string, string][] = [
      ['Customer Name', 'Customer Name is required'],
      ['Company Registration Number', 'Company Registration Number is required'],
      ['VAT Number', 'VAT Number is required'],
      ['Account Manager', 'Account Manager is required'],
      ['Building Name/Number', 'Building Name/Number is required'],
      ['Street Name', 'Street Name is required'],
      ['Town', 'Town is required'],
      [postcode, `${postcode} is required`],
      ['Contact Name', 'Contact Name is required'],
      ['Email', 'Email is required'],
      ['Phone Number', 'Phone Number is required'],
      ['Booking Fee', 'Booking Fee is required'],
    ];
    for (const [label, message] of required) expect([label, messageOf(box(label))]).toEqual([label, message]);
    // Optional everywhere: nothing said.
    for (const label of ['District', 'County', 'Billing Ref ID', 'Account Number', 'Info Email', 'Landline Number', 'WhatsApp Number']) expect([label, messageOf(box(label))]).toEqual([label, '']);
    // The mobile number is required in the UK form only.
    expect(messageOf(box('Mobile Number'))).toBe(mobile);
    expect(messageOf(select('Customer Type'))).toBe('Customer Type is required');
    expect(messageOf(select('Rate Card Type'))).toBe('Rate Card Type is required');
    expect(messageOf(select('Payment Method'))).toBe('Payment Method is required');
    expect(messageOf(select('Fees Schedule'))).toBe('Fees Schedule is required');
    expect(messageOf(select('Apply Platform Fee to'))).toBe('Selection of Apply Platform Fee to is required');
    expect(document.activeElement).toBe(box('Customer Name'));
  });
});

describe('create customer: values a field does not take', () => {
  // One form per country, every wrong value at once: each field says its own message.
  const cases: Record<'UK' | 'IE', [label: string, value: string, message: string][]> = {
    UK: [
      ['Postcode', 'D02 X285', 'Postcode is not valid'],
      ['VAT Number', 'GB123456789', 'VAT Number is not valid'],
      ['Mobile Number', '01914960000', 'Mobile Number is not valid'],
      ['Email', 'not-an-email', 'Email is not valid'],
      ['Max Supplier Proximity', '120', 'Max Supplier Proximity value should be less than 99'],
      ['Progress Email', 'progress@', 'Progress Email is not valid'],
    ],
    IE: [
      ['Eircode', 'NE1 2BH', 'Eircode is not valid'],
      ['VAT Number', `GB1234567${ukVatCheckDigits('1234567')}`, 'VAT Number is not valid'],
      ['Mobile Number', '01914960000', 'Mobile Number is not valid'],
      ['Phone Number', '01', 'Phone Number is not valid'],
      ['Info Email', 'info@', 'Info Email is not valid'],
      ['Max Supplier Proximity', '-1', 'Max Supplier Proximity value should be greater than 0'],
    ],
  };
  it.each(['UK', 'IE'] as const)('%s: each wrong value gets its message', async (country) => {
    const { user } = await openCreate(country);
    for (const [label, value] of cases[country]) await fill(user, box(label), value);
    await saveWithErrors(user);
    for (const [label, value, message] of cases[country]) expect([label, value, messageOf(box(label))]).toEqual([label, value, message]);
  });
});

describe('create customer: length limits', () => {
  it("stop typing at each field's cap, counted as stored, and then say how long the field may be", async () => {
    const { user } = await openCreate('IE');
    const name = box('Customer Name');
    await fill(user, name, 'Liffey '.repeat(20));
    expect((name as HTMLInputElement).value).toHaveLength(100);
    expect(messageOf(name)).toBe('Up to 100 characters');
    // An Eircode is stored without spaces, so its space does not count towards the 7.
    await fill(user, box('Eircode'), 'D02 X2855');
    expect((box('Eircode') as HTMLInputElement).value).toBe('D02X285');
    // Nor do a phone number's spaces: +353871234567 is 13 characters as stored.
    await fill(user, box('Phone Number'), '+353 87 123 45678');
    expect((box('Phone Number') as HTMLInputElement).value).toBe('+353 87 123 4567');
    expect(messageOf(box('Phone Number'))).toBe('Up to 13 characters');
    await fill(user, name, 'Liffey Fleet Leasing DAC');
    expect(messageOf(name)).toBe('');
  });
});

describe('create customer: fields required by another', () => {
  it('the rate card type: Hybrid ViSN needs an accounting category and the direct paybill name; ViSN offers None', async () => {
    const { user } = await openCreate('UK');
    await choose(user, 'Rate Card Type', 'Hybrid ViSN');
    await saveWithErrors(user);
    expect(messageOf(select('Accounting Category'))).toBe('Accounting Category is required');
    expect(messageOf(box('Customer Name for Direct Paybill'))).toBe('Customer Name for Direct Paybill is required');
    await user.click(select('Accounting Category'));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(CATEGORIES.map((c) => c.name));
    await user.keyboard('{Escape}');
    await choose(user, 'Rate Card Type', 'ViSN');
    await user.click(select('Accounting Category'));
    within(screen.getByRole('listbox')).getByRole('option', { name: 'None' });
    await user.keyboard('{Escape}');
    await saveWithErrors(user);
    expect(messageOf(select('Accounting Category'))).toBe('');
    expect(messageOf(box('Customer Name for Direct Paybill'))).toBe('');
  });

  it.each(['UK', 'IE'] as const)('%s: Enable Email Invoices needs a valid recipient; Enable Customer Info its title and description, and a valid URL and phone', async (country) => {
    const { user } = await openCreate(country);
    // Off: the customer info fields are greyed and nothing is asked of them.
    for (const label of ['Title', 'Description']) expect([label, box(label)]).toEqual([label, expect.objectContaining({ disabled: true })]);
    await saveWithErrors(user);
    for (const label of ['Recipient Email', 'Title', 'Description']) expect([label, messageOf(box(label))]).toEqual([label, '']);

    for (const name of ['Enable Email Invoices', 'Enable Customer Info']) await user.click(screen.getByRole('switch', { name }));
    expect(box('Title')).toHaveProperty('disabled', false);
    await fill(user, box('URL'), 'not a url');
    await fill(user, box('Phone number'), '12');
    await saveWithErrors(user);
    expect(messageOf(box('Recipient Email'))).toBe('Recipient email id is required');
    expect(messageOf(box('Title'))).toBe('Title is required');
    expect(messageOf(box('Description'))).toBe('Description is required');
    expect(messageOf(box('URL'))).toBe('URL is not valid');
    expect(messageOf(box('Phone number'))).toBe('Phone number is not valid');
    await fill(user, box('Recipient Email'), 'invoices@');
    await waitFor(() => expect(messageOf(box('Recipient Email'))).toBe('Recipient Email is not valid'));
  });

  it('Enable Web Link needs a service type and a maintenance type and a valid privacy URL; Enable Webhooks the authorization URL', async () => {
    const { user } = await openCreate('UK');
    for (const label of ['Authorization URL', 'Privacy Policy URL']) expect([label, box(label)]).toEqual([label, expect.objectContaining({ disabled: true })]);
    for (const name of ['Enable Web Link', 'Enable Webhooks']) await user.click(screen.getByRole('switch', { name }));
    await fill(user, box('Privacy Policy URL'), 'privacy');
    const web = screen.getByRole('region', { name: 'Web Link - Online Booking' });
    for (const option of within(web).getAllByRole('checkbox')) if ((option as HTMLInputElement).checked) await user.click(option);
    await saveWithErrors(user);
    expect(messageOf(box('Privacy Policy URL'))).toBe('URL is not valid');
    within(web).getByText('Service type is required');
    within(web).getByText('Vehicle Maintenance type is required');
    expect(messageOf(box('Authorization URL'))).toBe('Please enter a valid URL');
  });
});

describe('create customer: switches that turn others off', () => {
  it('app services off turns compliance, health checks and notifications off and disables them; menu bar off disables its items', async () => {
    const { user } = await openCreate('UK');
    const services = screen.getByRole('switch', { name: 'Enable Services In App' }) as HTMLInputElement;
    if (!services.checked) await user.click(services);
    expect(screen.getByRole('switch', { name: 'Enable Compliance' })).toHaveProperty('disabled', false);
    await user.click(services);
    for (const name of ['Enable Compliance', 'Enable Vehicle Health Check', 'Enable Notifications']) {
      const sw = screen.getByRole('switch', { name }) as HTMLInputElement;
      expect([name, sw.disabled, sw.checked]).toEqual([name, true, false]);
    }

    const menu = screen.getByRole('region', { name: 'Menu Bar Options' });
    const bar = within(menu).getByRole('switch', { name: 'Enable Menu Bar Options' }) as HTMLInputElement;
    if (bar.checked) await user.click(bar);
    const items = within(menu).getAllByRole('switch').filter((s) => s !== bar) as HTMLInputElement[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((s) => s.disabled)).toBe(true);
  });
});

describe('edit customer', () => {
  it.each(['UK', 'IE'] as const)('%s: shows the stored values and saves a change, with the record\'s version', async (country) => {
    const stored = storedCustomer(country);
    const { user, calls, router } = await openEdit(stored);
    expect((box('Contact Name') as HTMLInputElement).value).toBe(stored.contactName);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Edit Customer of ${country === 'UK' ? 'UK' : 'Ireland'}`);
    await fill(user, box('Contact Name'), 'Aoife Kennedy');
    await press(user, 'Save');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/customer-details'));
    const update = calls.find((c) => c.method === 'update') as { params: { data: { contactName: string; version: number } } };
    expect(update.params.data).toMatchObject({ contactName: 'Aoife Kennedy', version: stored.version });
  });

  it('does not ask for the fee assignee of a stored customer, and a required field emptied says so', async () => {
    const { user } = await openEdit(storedCustomer('UK', (d) => void (d.platformFeeAssignee = null)));
    await fill(user, box('Contact Name'), '');
    await saveWithErrors(user);
    expect(messageOf(box('Contact Name'))).toBe('Contact Name is required');
    expect(messageOf(select('Apply Platform Fee to'))).toBe('');
  });

  it('EDITOR: the fee block is read-only and says why; a customer without fees gets a note instead of inputs', async () => {
    await openEdit(storedCustomer('UK'), 'EDITOR');
    const fees = screen.getByRole('region', { name: 'Platform Fees' });
    within(fees).getByText('You can view the platform fees but not change them.');
    expect(within(fees).getByRole('textbox', { name: 'Booking Fee' })).toHaveProperty('disabled', true);
    expect((within(fees).getByRole('textbox', { name: 'Booking Fee' }) as HTMLInputElement).value).not.toBe('');
  });

  it('EDITOR: a customer stored without fees gets a note instead of empty greyed inputs', async () => {
    await openEdit(storedCustomer('IE', (d) => void (d.platformFees = null)), 'EDITOR');
    const fees = screen.getByRole('region', { name: 'Platform Fees' });
    within(fees).getByText(/No platform fees have been set for this customer yet\./);
    expect(within(fees).queryAllByRole('textbox')).toHaveLength(0);
  });
});
