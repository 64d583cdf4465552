import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fill, messageOf, press } from './support/fields';
import { openCreateGroup, region, TAKEN_GROUP_IDS } from './support/groupForm';

const field = (section: string, label: RegExp) => region(section).getByRole('textbox', { name: label });
const tick = (section: string, name: string) => region(section).getByRole('checkbox', { name });
const value = (el: HTMLElement) => (el as HTMLInputElement).value;

async function save(user: UserEvent): Promise<void> {
  await press(user, 'Save');
  await screen.findAllByText(/is required|is not valid|must be/);
}

async function fillAddress(user: UserEvent, section: string, a: { number: string; street: string; locality?: string; town: string; postcode: string }) {
  await fill(user, field(section, /^Building Name\/Number/), a.number);
  await fill(user, field(section, /^Street name/), a.street);
  if (a.locality) await fill(user, field(section, /^Locality/), a.locality);
  await fill(user, field(section, /^Town/), a.town);
  await fill(user, field(section, /^(Postcode|Eircode)/), a.postcode);
}

describe('create group: messages', () => {
  it('UK: says what is required in each section', async () => {
    const { user } = await openCreateGroup('UK');
    await save(user);
    expect(messageOf(field('Group Details', /^Group ID/))).toBe('Group ID is required');
    expect(messageOf(field('Group Details', /^Supplier Group Name/))).toBe('Supplier Group Name is required');
    expect(messageOf(field('Group Details', /^VAT Registration number/))).toBe('VAT Registration number is required');
    expect(messageOf(field('Address', /^Locality/))).toBe('Locality is required');
    expect(messageOf(field('Billing Address', /^Postcode/))).toBe('Postcode is required');
    expect(messageOf(field('Contact', /^Email/))).toBe('Email is required');
    expect(messageOf(field('Platform Fees', /^Merchant Fee/))).toBe('Merchant Fee is required');
    expect(messageOf(region('Platform Fees').getByRole('combobox', { name: /^Fees Schedule/ }))).toBe('Fees Schedule is required');
  });

  it('IE: the Eircode and the phone are required, Locality optional', async () => {
    const { user } = await openCreateGroup('IE');
    await save(user);
    expect(messageOf(field('Contact', /^Phone Number/))).toBe('Phone Number is required');
    expect(messageOf(field('Address', /^Eircode/))).toBe('Eircode is required');
    expect(messageOf(field('Address', /^Locality/))).toBe('');
    expect(messageOf(field('Address', /^County/))).toBe('');
    // The Eircode loses its spaces as typed; the fees are in euros.
    await fill(user, field('Address', /^Eircode/), 'T12 X2Y3');
    expect(value(field('Address', /^Eircode/))).toBe('T12X2Y3');
    expect(region('Platform Fees').getAllByText('€').length).toBeGreaterThan(0);
  });

  // One form per country, every wrong value at once: each field says its own message.
  const wrong = {
    UK: [
      ['Group Details', /^VAT Registration number/, 'GB-123456789', 'VAT Number is not valid'],
      ['Contact', /^Phone Number/, 'call me', 'Phone Number is not valid'],
      ['Platform Fees', /^Merchant Fee/, '150', 'Merchant Fee must be between 0 and 100'],
      ['Address', /^Postcode/, 'D02 X285', 'Postcode is not valid'],
    ],
    IE: [
      ['Group Details', /^VAT Registration number/, 'IE-12', 'VAT Number is not valid'],
      ['Address', /^Eircode/, 'BS1 4DJ', 'Eircode is not valid'],
    ],
  } as const;
  it.each(['UK', 'IE'] as const)('%s: each wrong value gets its message', async (country) => {
    const { user } = await openCreateGroup(country);
    for (const [section, label, text] of wrong[country]) await fill(user, field(section, label), text);
    await save(user);
    for (const [section, label, text, message] of wrong[country]) expect([section, text, messageOf(field(section, label))]).toEqual([section, text, message]);
  });

  it("'Group Id already exists' as a taken id is typed (any case), gone once it is free", async () => {
    const { user } = await openCreateGroup('UK');
    const id = field('Group Details', /^Group ID/);
    await fill(user, id, TAKEN_GROUP_IDS[0].toLowerCase());
    await waitFor(() => expect(messageOf(id)).toBe('Group Id already exists'));
    await fill(user, id, 'E2E-UK-01');
    await waitFor(() => expect(messageOf(id)).toBe(''));
  });

});

describe("create group: the 'same as' chains", () => {
  it('ticking copies the block and disables it, down the chain; editing the parent clears and un-ticks every dependent block', async () => {
    const { user } = await openCreateGroup('UK');
    await fillAddress(user, 'Address', { number: '12', street: 'Quay Street', locality: 'Redcliffe', town: 'Bristol', postcode: 'BS1 4DJ' });
    await user.click(tick('Paying Address', 'Same as Billing Address'));
    await user.click(tick('Billing Address', 'Same as Address'));
    expect(value(field('Billing Address', /^Street name/))).toBe('Quay Street');
    expect(field('Billing Address', /^Street name/)).toHaveProperty('disabled', true);
    expect(value(field('Paying Address', /^Street name/))).toBe('Quay Street');
    expect(value(field('Paying Address', /^Postcode/))).toBe('BS14DJ');

    await fill(user, field('Address', /^Street name/), 'Quay Street North');
    expect(tick('Billing Address', 'Same as Address')).toHaveProperty('checked', false);
    expect(tick('Paying Address', 'Same as Billing Address')).toHaveProperty('checked', false);
    expect(field('Billing Address', /^Street name/)).toHaveProperty('disabled', false);
    expect(value(field('Billing Address', /^Street name/))).toBe('');
    expect(value(field('Paying Address', /^Postcode/))).toBe('');

    await user.click(tick('Billing Address', 'Same as Address'));
    await user.click(tick('Paying Address', 'Same as Billing Address'));
    expect(value(field('Paying Address', /^Street name/))).toBe('Quay Street North');
  });

  it('the contact chain: copied down, un-ticked by an edit of the contact', async () => {
    const { user } = await openCreateGroup('UK');
    await fill(user, field('Contact', /^First Name/), 'Sam');
    await fill(user, field('Contact', /^Email/), 'office@severn.example');
    await user.click(tick('Billing Contact', 'Same as Contact'));
    await user.click(tick('Paying Contact', 'Same as Billing Contact'));
    expect(value(field('Paying Contact', /^Email/))).toBe('office@severn.example');
    expect(field('Paying Contact', /^Email/)).toHaveProperty('disabled', true);
    await fill(user, field('Contact', /^Phone Number/), '01171234567');
    expect(tick('Billing Contact', 'Same as Contact')).toHaveProperty('checked', false);
    expect(tick('Paying Contact', 'Same as Billing Contact')).toHaveProperty('checked', false);
    expect(value(field('Paying Contact', /^Email/))).toBe('');
  });

  it('a dependent block left blank and un-ticked has its own required messages', async () => {
    const { user } = await openCreateGroup('UK');
    await fillAddress(user, 'Address', { number: '12', street: 'Quay Street', locality: 'Redcliffe', town: 'Bristol', postcode: 'BS1 4DJ' });
    await user.click(tick('Billing Address', 'Same as Address'));
    await save(user);
    expect(messageOf(field('Billing Address', /^Postcode/))).toBe('');
    expect(messageOf(field('Paying Address', /^Postcode/))).toBe('Postcode is required');
  });
});
