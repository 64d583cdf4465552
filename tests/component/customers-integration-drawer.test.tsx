import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { IntegrationDrawer } from '../../resources/customers/form/IntegrationDrawer';
import { choose, messageOf, press } from './support/fields';
import { renderForm } from './support/render';

const LOOKUPS = [
  { type: 'JOB_DESCRIPTION_MENU_PRICING', typeLabel: 'Job description menu pricing', typeDescription: null, source: 'FNP_KIA', sourceLabel: 'FNP KIA' },
  { type: 'LABOUR_TIME', typeLabel: 'Labour time', typeDescription: null, source: 'VEHICLE_DATA_PROVIDER', sourceLabel: 'Vehicle data provider' },
];

function openDrawer(isDuplicate = () => false) {
  const onSave = vi.fn();
  const form = renderForm(<IntegrationDrawer open initial={null} lookups={LOOKUPS} isDuplicate={isDuplicate} onSave={onSave} onClose={() => undefined} />);
  const drawer = within(screen.getByRole('dialog', { name: 'Add Integration' }));
  return { ...form, drawer, onSave };
}

describe('Add Integration', () => {
  it('says the type and source are required; picking them fills their labels; Save hands the integration to the form', async () => {
    const { user, drawer, onSave } = openDrawer();
    await press(user, 'Save', drawer);
    await drawer.findByText('Type is required');
    expect(messageOf(drawer.getByRole('combobox', { name: 'Source' }))).toBe('Source is required');
    await choose(user, 'Type', 'Job description menu pricing', drawer);
    await choose(user, 'Source', 'FNP KIA', drawer);
    expect((drawer.getByRole('textbox', { name: 'Source label' }) as HTMLInputElement).value).toBe('FNP KIA');
    expect((drawer.getByRole('textbox', { name: 'Type label' }) as HTMLInputElement).value).toBe('Job description menu pricing');
    await press(user, 'Save', drawer);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ type: 'JOB_DESCRIPTION_MENU_PRICING', source: 'FNP_KIA', sourceLabel: 'FNP KIA' })));
  });

  it('refuses a type and source already configured, and asks before closing with changes', async () => {
    const { user, drawer, onSave } = openDrawer(() => true);
    await choose(user, 'Type', 'Labour time', drawer);
    await choose(user, 'Source', 'Vehicle data provider', drawer);
    await press(user, 'Save', drawer);
    await waitFor(() => expect(messageOf(drawer.getByRole('combobox', { name: 'Source' }))).toBe('This type and source is already configured'));
    expect(onSave).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    const quit = within(await screen.findByRole('dialog', { name: 'Quit Editing?' }));
    await press(user, 'Keep Editing', quit);
  });
});
