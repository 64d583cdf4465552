import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EMAIL_EXISTS } from '../../domain/invites';
import type { MasterUser } from '../../domain/masterLogins';
import { InviteUserDrawer } from '../../src/users/InviteUserDrawer';
import { ReassignLoginDrawer } from '../../resources/masterLogins/ReassignLoginDrawer';
import { box, fill, messageOf, press } from './support/fields';
import { renderForm } from './support/render';

const quitDialog = () => screen.findByRole('dialog', { name: 'Quit Editing?' });

describe('Invite User', () => {
  it("checks the fields, keeps what was typed on 'Email Id already exists', then sends the cleaned form", async () => {
    const send = vi.fn().mockResolvedValueOnce({ inviteSent: false, emailExists: true }).mockResolvedValue({ inviteSent: true });
    const onClose = vi.fn();
    const { user } = renderForm(<InviteUserDrawer open intro="The new user becomes a super user of Harbour Leasing." send={send} onClose={onClose} />);
    const drawer = within(await screen.findByRole('dialog', { name: 'Invite User' }));
    drawer.getByText('The new user becomes a super user of Harbour Leasing.');

    await press(user, 'Send Invite', drawer);
    await waitFor(() => expect(messageOf(box('First Name', drawer))).toBe('First Name is required'));
    expect(messageOf(box('Last Name', drawer))).toBe('Last Name is required');
    expect(messageOf(box('Email', drawer))).toBe('Email is required');
    // The first field in error has the focus.
    expect(document.activeElement).toBe(box('First Name', drawer));

    await fill(user, box('First Name', drawer), 'Grace');
    await fill(user, box('Last Name', drawer), 'H0pper');
    await fill(user, box('Email', drawer), 'grace@');
    await press(user, 'Send Invite', drawer);
    await waitFor(() => expect(messageOf(box('Last Name', drawer))).toBe('Last Name is not valid'));
    expect(messageOf(box('Email', drawer))).toBe('Email is not valid');
    expect(messageOf(box('First Name', drawer))).toBe('');
    await fill(user, box('Last Name', drawer), 'Hopper');

    // Spaces go as they are typed; an address in use is refused on its field, everything typed kept.
    await user.clear(box('Email', drawer));
    await user.type(box('Email', drawer), ' GRACE@HARBOUR.EXAMPLE ');
    expect((box('Email', drawer) as HTMLInputElement).value).toBe('GRACE@HARBOUR.EXAMPLE');
    await press(user, 'Send Invite', drawer);
    await waitFor(() => expect(messageOf(box('Email', drawer))).toBe(EMAIL_EXISTS));
    expect(box('Email', drawer).getAttribute('aria-invalid')).toBe('true');
    expect([(box('First Name', drawer) as HTMLInputElement).value, (box('Last Name', drawer) as HTMLInputElement).value]).toEqual(['Grace', 'Hopper']);
    expect(onClose).not.toHaveBeenCalled();

    await fill(user, box('Email', drawer), 'grace.hopper@example.com');
    await press(user, 'Send Invite', drawer);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(send).toHaveBeenLastCalledWith({ firstname: 'Grace', lastname: 'Hopper', email: 'grace.hopper@example.com' }, expect.anything());
    await screen.findByText('An invitation e-mail was sent to grace.hopper@example.com.');
  });

  it("closes at once when nothing was typed, else asks 'Quit Editing?'", async () => {
    const onClose = vi.fn();
    const { user } = renderForm(<InviteUserDrawer open intro="" send={vi.fn()} onClose={onClose} />);
    const drawer = within(await screen.findByRole('dialog', { name: 'Invite User' }));
    await press(user, 'Cancel', drawer);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Quit Editing?' })).toBeNull();

    await fill(user, box('First Name', drawer), 'Ada');
    await user.keyboard('{Escape}');
    const quit = within(await quitDialog());
    quit.getByText('Changes you made so far will not be saved!');
    await press(user, 'Keep Editing', quit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quit Editing?' })).toBeNull());
    expect((box('First Name', drawer) as HTMLInputElement).value).toBe('Ada');
    expect(onClose).toHaveBeenCalledTimes(1);

    await press(user, 'Cancel', drawer);
    await press(user, 'Quit', within(await quitDialog()));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});

describe('Reassign Login for', () => {
  const master: MasterUser = { id: 'u-1', firstname: 'Mara', lastname: 'Master', contact: { email: 'master.supplier1@fleet-network.example' }, company: 'Harbour Group', accountObjectID: 'g-1', version: 1 } as MasterUser;
  const OTHER = { id: 'g-2', name: 'Liffey Motor Group' };

  it("needs a group picked, asks 'Quit Editing?' once one is, and keeps the login where it was on Quit", async () => {
    const onClose = vi.fn();
    const { user, calls } = renderForm(<ReassignLoginDrawer open user={master} type="SUPPLIER" onClose={onClose} />, { answers: { companiesByName: [OTHER] } });
    const drawer = within(await screen.findByRole('dialog', { name: /^Reassign Login for/ }));
    drawer.getByText('Mara Master');
    const field = drawer.getByRole('combobox', { name: /^Supplier Group Name/ });

    await press(user, 'Save', drawer);
    await waitFor(() => expect(messageOf(field)).toBe('Supplier Group Name is required'));

    await user.type(field, 'Lif');
    await user.click(await screen.findByRole('option', { name: OTHER.name }));
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(OTHER.name));
    expect(messageOf(field)).not.toContain('is required');

    await press(user, 'Close', drawer);
    const quit = within(await quitDialog());
    quit.getByText('Changes you made so far will not be saved!');
    await press(user, 'Keep Editing', quit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quit Editing?' })).toBeNull());
    expect((field as HTMLInputElement).value).toBe(OTHER.name);

    await user.keyboard('{Escape}');
    await press(user, 'Quit', within(await quitDialog()));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.method)).not.toContain('reassignLogin');
  });
});
