import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { supplierResource } from '../../domain/resources/supplier';
import { SupplierCreate } from '../../resources/suppliers/form/SupplierFormPages';
import { EscalationDrawer } from '../../resources/suppliers/escalation/EscalationDrawer';
import { box, fill, messageOf, press } from './support/fields';
import { renderForm } from './support/render';

async function openCreateSupplier(country: 'UK' | 'IE') {
  const form = renderForm(<SupplierCreate />, { path: '/supplier/create-supplier/:selectedCountry', url: `/supplier/create-supplier/${country}` });
  await screen.findByRole('heading', { level: 1, name: `Create Supplier for ${country === 'UK' ? 'UK' : 'Ireland'}` });
  return form;
}

async function save(user: UserEvent): Promise<void> {
  await press(user, 'Save');
  await screen.findAllByText(/is required|is not valid|is invalid/);
}

describe('create supplier', () => {
  it('UK: the required messages; the edit-only sections are not there; the postcode loses its spaces', async () => {
    const { user } = await openCreateSupplier('UK');
    expect(screen.queryByRole('region', { name: 'Opening Hours' })).toBeNull();
    await save(user);
    screen.getByText('Supplier Group Name is required');
    expect(messageOf(box('Supplier Name'))).toBe('Supplier Name is required');
    expect(messageOf(box('Postcode'))).toBe('Postcode is required');
    expect(messageOf(box(/^Phone Number/))).toBe('Phone Number is required');
    expect(messageOf(box('Serving proximity'))).toBe('Serving proximity is required');
    screen.getByText('Service selection is required');
    // Optional in the UK form.
    for (const label of ['VAT Number', 'Building Name/Number', 'Street Name', 'Town']) expect([label, messageOf(box(label))]).toEqual([label, '']);
    await fill(user, box('Postcode'), 'BS1 4DJ');
    expect((box('Postcode') as HTMLInputElement).value).toBe('BS14DJ');
  });

  it('IE: VAT number, building, street, town and Eircode are required; a wrong VAT number is invalid', async () => {
    const { user } = await openCreateSupplier('IE');
    await save(user);
    for (const [label, message] of [
      ['VAT number', 'VAT number is required'],
      ['Building name / number', 'Building name / number is required'],
      ['Street name', 'Street name is required'],
      ['Town', 'Town is required'],
      ['Eircode', 'Eircode is required'],
    ]) expect([label, messageOf(box(label))]).toEqual([label, message]);
    await fill(user, box('VAT number'), 'IE6388047W');
    await fill(user, box('Eircode'), 'BS1 4DJ');
    await save(user);
    expect(messageOf(box('VAT number'))).toBe('VAT number is invalid');
    expect(messageOf(box('Eircode'))).toBe('Eircode is not valid');
  });
});

describe('escalation information', () => {
  const supplier = { id: 'su-1', accountObjectId: 'g-1', name: 'Harbour Motors' };
  const record = { id: 'su-1', accountObjectId: 'g-1', name: 'Harbour Motors', version: 2, escalationInformation: null };

  it("says what each field needs, drops an e-mail's spaces, and asks before closing with changes", async () => {
    const { user } = renderForm(<EscalationDrawer open supplier={supplier} onClose={() => undefined} />, { records: { [supplierResource.name]: [record as never] } });
    // The drawer shows a loading state first, then the form in a drawer of its own.
    await screen.findByRole('textbox', { name: /^Name/ });
    const drawer = within(screen.getByRole('dialog', { name: 'Escalation Information' }));
    await fill(user, drawer.getByRole('textbox', { name: /^Number/ }), 'call me');
    await fill(user, drawer.getByRole('textbox', { name: /^Email/ }), 'dana @harbour');
    await press(user, 'Save', drawer);
    await drawer.findByText('Name is required');
    expect(messageOf(drawer.getByRole('textbox', { name: /^Number/ }))).toBe('Number is not valid');
    expect(messageOf(drawer.getByRole('textbox', { name: /^Email/ }))).toBe('Email is not valid');
    expect(messageOf(drawer.getByRole('textbox', { name: /^Notes/ }))).toBe('Notes is required');
    expect((drawer.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe('dana@harbour');

    await press(user, 'Cancel', drawer);
    const quit = within(await screen.findByRole('dialog', { name: 'Quit Editing?' }));
    quit.getByText('Changes you made so far will not be saved!');
    await press(user, 'Keep Editing', quit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quit Editing?' })).toBeNull());
  });
});
