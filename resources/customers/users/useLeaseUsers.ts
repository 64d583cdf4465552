import { useCallback, useEffect, useRef, useState } from 'react';
import { topics } from '../../../domain/live';
import type { LeaseUser } from '../../../domain/customers';
import { getLeaseUsers } from '../../../dataProvider/customerUsers';
import { useLiveTopic } from '../useLiveTopic';

export interface LeaseUsersState {
  users: LeaseUser[] | null;
  error: boolean;
  reload(): void;
}

/**
 * The customer's lease users while `active` (the drawer is open), refetched whenever the
 * customer's live topic says its users changed (`op: 'users'`) or the stream had a gap.
 */
export function useLeaseUsers(companyId: string, active: boolean): LeaseUsersState {
  const [users, setUsers] = useState<LeaseUser[] | null>(null);
  const [error, setError] = useState(false);
  const latest = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    getLeaseUsers(companyId, controller.signal).then(
      (list) => {
        if (latest.current !== controller) return;
        setUsers(list);
        setError(false);
      },
      (err) => {
        if (latest.current !== controller || controller.signal.aborted) return;
        console.error('users could not be loaded', err);
        setError(true);
      },
    );
  }, [companyId]);

  useEffect(() => {
    if (!active) return;
    reload();
    return () => {
      latest.current?.abort();
      latest.current = null;
    };
  }, [active, reload]);

  useLiveTopic(active ? topics.leaseCompany(companyId) : null, (message) => {
    if (message.payload.op === 'users' || message.payload.op === 'resync') reload();
  });

  return { users, error, reload };
}
