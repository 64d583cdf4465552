import { useCallback, useState } from 'react';
import { userName, type LeaseUser } from '../../../domain/customers';
import { useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { failureText } from '../../../api/client';
import { useSessionState } from '../../../src/layout/useSession';

export type UserCommand = 'delete' | 'resendInvite' | 'reactivate';

/**
 * The Users drawer's actions with their toasts (spec 1 §8: success wording not shown, ours).
 * Remembers the logins reactivated while the page is open: spec 1 §4 shows them as not suspended
 * whatever the list says until it catches up.
 */
export function useUserCommands(customer: { id: string; name: string }, onDone: () => void) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const by = useSessionState().session?.user;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [reactivated, setReactivated] = useState<ReadonlySet<string>>(() => new Set());
  // The drawer is modal, so the page's toasts are hidden from assistive technology while it is open:
  // the drawer repeats each outcome in a live region of its own.
  const [announcement, setAnnouncement] = useState('');

  const run = useCallback(
    async (command: UserCommand, user: LeaseUser) => {
      const name = userName(user);
      const tell = (type: 'success' | 'warning' | 'error', title: string, message: string) => {
        notify(message, { type, title });
        setAnnouncement(`${title}. ${message}`);
      };
      setBusyId(user.id);
      setAnnouncement('');
      try {
        if (command === 'delete') {
          await dataProvider.deleteLeaseUser(user);
          tell('success', 'User deleted', `${name} can no longer sign in.`);
        } else if (command === 'resendInvite') {
          const { inviteSent } = await dataProvider.resendLeaseUserInvite(user, customer, by);
          if (inviteSent) tell('success', 'Invite resent', `A new invitation e-mail was sent to ${user.email}.`);
          else tell('warning', 'Invite not sent', `The invitation to ${user.email} was renewed but could not be e-mailed. Try Resend Invite again later.`);
        } else {
          await dataProvider.reactivateLeaseUser(user, by);
          setReactivated((ids) => new Set(ids).add(user.id));
          tell('success', 'Login reactivated', `${name} can sign in again; the login is suspended again if not used within 24 hours.`);
        }
      } catch (err) {
        const what = { delete: 'User not deleted', resendInvite: 'Invite not resent', reactivate: 'Login not reactivated' }[command];
        tell('error', what, failureText(err, 'Please try again.'));
      } finally {
        setBusyId(null);
        onDone();
      }
    },
    [by, customer, dataProvider, onDone, notify],
  );

  return { run, busyId, reactivated, announcement };
}
