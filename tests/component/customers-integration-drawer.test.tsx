import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { IntegrationDrawer } from '../../resources/customers/form/IntegrationDrawer';
import { RetailerDrawer } from '../../resources/customers/integrations/RetailerDrawer';
import { WebhooksDrawer } from '../../resources/customers/integrations/WebhooksDrawer';
import { box, choose, fill, messageOf, press } from './support/fields';
import { storedCustomer } from './support/customerForm';
import { renderForm, type Calls } from './support/render';

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

/** A stored UK customer with no webhooks and no retailer mapping yet. */
const customer = storedCustomer('UK', (d) => Object.assign(d, { webhooks: null, retailerConfig: null }));
/** The calls of a custom method; a save's values are its last argument. */
const saves = (calls: Calls, method: string) => calls.filter((c) => c.method === method).map((c) => c.args?.at(-1));
const sw = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
const disabled = (name: string) => (box(name) as HTMLInputElement).disabled;

async function toggle(user: UserEvent, name: string) {
  const before = sw(name).checked;
  await user.click(sw(name));
  await waitFor(() => expect(sw(name).checked).toBe(!before));
}

describe('Webhook Subscriptions', () => {
  it('greys the topics until webhooks are on and each URL until its topic is, asks for valid URLs, and turns the topics off with webhooks', async () => {
    const onClose = vi.fn();
    const { user, calls } = renderForm(<WebhooksDrawer open customer={customer} onClose={onClose} />, { answers: { updateLeaseWebhooks: { version: 4 } } });
    const drawer = within(await screen.findByRole('dialog', { name: 'Webhook Subscriptions' }));
    expect(sw('Enquiry Updates').disabled).toBe(true);
    expect(disabled('Enquiry Updates URL')).toBe(true);

    await toggle(user, 'Enable Webhooks');
    await waitFor(() => expect(sw('Enquiry Updates').disabled).toBe(false));
    expect(disabled('Enquiry Updates URL')).toBe(true);
    await toggle(user, 'Enquiry Updates');
    await waitFor(() => expect(disabled('Enquiry Updates URL')).toBe(false));
    expect(disabled('VOR Updates URL')).toBe(true);

    await press(user, 'Save', drawer);
    await waitFor(() => expect(messageOf(box('Authorization URL'))).toBe('Please enter a valid URL'));
    expect(messageOf(box('Enquiry Updates URL'))).toBe('Please enter a valid URL');
    expect(box('Authorization URL').getAttribute('aria-invalid')).toBe('true');
    await fill(user, box('Authorization URL'), 'https://hooks.example.com/oauth/token');
    await fill(user, box('Enquiry Updates URL'), 'not a url');
    await press(user, 'Save', drawer);
    await waitFor(() => expect(messageOf(box('Authorization URL'))).toBe(''));
    expect(messageOf(box('Enquiry Updates URL'))).toBe('Please enter a valid URL');
    expect(saves(calls, 'updateLeaseWebhooks')).toHaveLength(0);
    await fill(user, box('Enquiry Updates URL'), 'https://hooks.example.com/enquiries');

    // Webhooks off turns the topic off, and back on it stays off.
    await toggle(user, 'Enable Webhooks');
    await waitFor(() => expect(sw('Enquiry Updates').checked).toBe(false));
    await toggle(user, 'Enable Webhooks');
    await waitFor(() => expect(sw('Enquiry Updates').disabled).toBe(false));
    expect(sw('Enquiry Updates').checked).toBe(false);
    await toggle(user, 'Enquiry Updates');
    await press(user, 'Save', drawer);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls, 'updateLeaseWebhooks')[0]).toMatchObject({
      enabled: true,
      authorizationUrl: 'https://hooks.example.com/oauth/token',
      topics: [
        { type: 'ENQUIRY_UPDATES', enabled: true, url: 'https://hooks.example.com/enquiries' },
        { type: 'VOR_UPDATES', enabled: false },
      ],
    });
  });

  it("asks 'Quit Editing?' when closed with changes, and Quit saves nothing", async () => {
    const onClose = vi.fn();
    const { user, calls } = renderForm(<WebhooksDrawer open customer={customer} onClose={onClose} />);
    const drawer = within(await screen.findByRole('dialog', { name: 'Webhook Subscriptions' }));
    await toggle(user, 'Enable Webhooks');
    await press(user, 'Cancel', drawer);
    const quit = within(await screen.findByRole('dialog', { name: 'Quit Editing?' }));
    quit.getByText('Changes you made so far will not be saved!');
    await press(user, 'Keep Editing', quit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quit Editing?' })).toBeNull());
    expect(sw('Enable Webhooks').checked).toBe(true);
    await user.keyboard('{Escape}');
    await press(user, 'Quit', within(await screen.findByRole('dialog', { name: 'Quit Editing?' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls, 'updateLeaseWebhooks')).toHaveLength(0);
  });
});

describe('Retailer Integration', () => {
  it('says there is no mapping yet, asks for both fields, then saves them', async () => {
    const onClose = vi.fn();
    const { user, calls } = renderForm(<RetailerDrawer open customer={customer} onClose={onClose} />, { answers: { saveRetailerConfig: { version: 4 } } });
    const drawer = within(await screen.findByRole('dialog', { name: 'Retailer Integration' }));
    drawer.getByText(/^No mapping saved yet/);
    await press(user, 'Save', drawer);
    await waitFor(() => expect(messageOf(box('Customer name'))).toBe('Customer name is required'));
    expect(messageOf(box('Mapping ID'))).toBe('Mapping ID is required');
    expect(saves(calls, 'saveRetailerConfig')).toHaveLength(0);
    await fill(user, box('Customer name'), 'Northern Fleet Retail');
    await fill(user, box('Mapping ID'), 'MAP-0042');
    await press(user, 'Save', drawer);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(calls, 'saveRetailerConfig')[0]).toEqual({ custCust: 'Northern Fleet Retail', mappingId: 'MAP-0042' });
  });
});
