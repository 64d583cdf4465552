import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { supplierResource } from '../../domain/resources/supplier';
import { NetworkTermsPage } from '../../resources/suppliers/networkTerms/NetworkTermsPage';
import { fill, press } from './support/fields';
import { renderForm } from './support/render';

/** A live UK supplier of a DI network group, without DI network terms yet. */
const supplier = { id: 'su-1', serviceUnitId: 'su-1', accountObjectId: 'g-1', name: 'Harbour Motors', locale: 'en-GB', belongsToDINetwork: true, diNetworkTerms: null, version: 2 };

const region = (name: string) => within(screen.getByRole('region', { name }));

async function openTerms() {
  const form = renderForm(
    <ResourceContextProvider value={supplierResource.name}>
      <NetworkTermsPage />
    </ResourceContextProvider>,
    { path: '/supplier/edit-di-network-terms', url: `/supplier/edit-di-network-terms?id=${supplier.id}&group=${supplier.accountObjectId}`, records: { [supplierResource.name]: [supplier as never] } },
  );
  await screen.findByRole('heading', { level: 1, name: 'Edit DI Network Terms' });
  await screen.findByRole('button', { name: 'Save' });
  return form;
}

describe('Edit DI Network Terms', () => {
  it('greys the FNP band until FNP is on, says what is missing or too high, and deletes a franchise only after its confirmation', async () => {
    const { user, calls } = await openTerms();
    // The band is greyed until FNP is on, then required.
    const band = () => region('FNP').getByRole('combobox', { name: /^FNP Band/ });
    expect(band().getAttribute('aria-disabled')).toBe('true');
    await user.click(region('FNP').getByRole('switch', { name: 'FNP' }));
    await waitFor(() => expect(band().getAttribute('aria-disabled')).not.toBe('true'));
    await fill(user, region('Rebate').getByRole('textbox', { name: /^Rebate Percentage/ }), '12');
    await press(user, 'Save');
    await screen.findByText('Nominated Dealer Manager is required.');
    screen.getByText('FNP Band is required.');
    screen.getByText('Rebate Percentage must be less than 10');
    expect(calls.map((c) => c.method)).not.toContain('saveDiNetworkTerms');

    for (const name of ['Ford', 'Audi']) {
      await press(user, 'Add Franchise');
      await user.click(await screen.findByRole('menuitem', { name }));
      await screen.findByRole('region', { name });
    }
    await press(user, 'Delete', region('Audi'));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete franchise?' }));
    ask.getByText('Deleting Audi labour rates will also remove the Audi franchise from this supplier. Do you want to continue?');
    await press(user, 'Cancel', ask);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete franchise?' })).toBeNull());
    screen.getByRole('region', { name: 'Audi' });
    await press(user, 'Delete', region('Audi'));
    await press(user, 'Delete', within(await screen.findByRole('dialog', { name: 'Delete franchise?' })));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Audi' })).toBeNull());
    screen.getByRole('region', { name: 'Ford' });
  });
});
