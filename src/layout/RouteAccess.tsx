import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { LoadingScreen } from './LoadingScreen';

/**
 * A screen for those whom authProvider.canAccess lets do `action` on `resource`; anyone else goes to
 * /access-denied, replacing the address (spec 3 §2.6). <Resource> checks only react-admin's own
 * screens, so every child route is wrapped in this.
 */
export function RouteAccess({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} loading={<LoadingScreen fullHeight={false} />} accessDenied={<Navigate to="/access-denied" replace />}>
      {children}
    </CanAccess>
  );
}
