import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import type { AdminUser } from '../../../domain/session';
import { supplierResource } from '../../../domain/resources/supplier';
import type { Allowed } from '../../../src/layout/PermissionButton';
import { useSessionState } from '../../../src/layout/useSession';

/** What every supplier card's actions need to know about the user, the same for the whole page. */
export interface SupplierCardAccess {
  escalation: Allowed;
  invite: Allowed;
  /** The signed-in user, sent as the inviter. */
  user: AdminUser | undefined;
}

const CardAccess = createContext<SupplierCardAccess>({ escalation: undefined, invite: undefined, user: undefined });

/** Asks once for the page what each card would otherwise ask for itself (25 cards, a permission each per action). */
export function SupplierCardAccessProvider({ children }: { children: ReactNode }) {
  const { canAccess: escalation } = useCanAccess({ resource: supplierResource.name, action: 'escalation' });
  const { canAccess: invite } = useCanAccess({ resource: supplierResource.name, action: 'invite' });
  const user = useSessionState().session?.user;
  const value = useMemo(() => ({ escalation, invite, user }), [escalation, invite, user]);
  return <CardAccess.Provider value={value}>{children}</CardAccess.Provider>;
}

export const useSupplierCardAccess = () => useContext(CardAccess);
