import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { AREA_GUARDS, can } from '../../domain/permissions';
import { useSessionState } from './useSession';

/** Route guard of spec 3 §2.6: a menu permission's view action, else /access-denied. */
export function MenuGuard({ area, children }: { area: keyof typeof AREA_GUARDS | string; children: ReactNode }) {
  const { session } = useSessionState();
  const guard = AREA_GUARDS[area];
  if (guard === undefined) throw new Error(`No guard declared for area '${area}'`);
  if (guard && !can(session?.roles, guard.permission, guard.action)) return <Navigate to="/access-denied" replace />;
  return <>{children}</>;
}
