import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { AREA_GUARDS, can, type Guard } from '../../domain/permissions';
import { useSessionState } from './useSession';

/** A route for holders of every guard in `guards`; anyone else goes to /access-denied. */
export function PermissionGuard({ guards, children }: { guards: readonly Guard[]; children: ReactNode }) {
  const { session } = useSessionState();
  if (!guards.every((g) => can(session?.roles, g.permission, g.action))) return <Navigate to="/access-denied" replace />;
  return <>{children}</>;
}

/** Route guard of spec 3 §2.6: a menu permission's view action, else /access-denied. */
export function MenuGuard({ area, children }: { area: keyof typeof AREA_GUARDS | string; children: ReactNode }) {
  const guard = AREA_GUARDS[area];
  if (guard === undefined) throw new Error(`No guard declared for area '${area}'`);
  return <PermissionGuard guards={guard ? [guard] : []}>{children}</PermissionGuard>;
}
