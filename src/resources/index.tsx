import type { ComponentType, ReactNode } from 'react';
import { Resource, useCanAccess } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { RESOURCES } from '../../domain/resources';
import { RouteAccess } from '../layout/RouteAccess';
import { LoadingScreen } from '../layout/LoadingScreen';
import type { ResourceView } from './view';
import { resource as customer } from '../../resources/customers';
import { resource as group } from '../../resources/groups';
import { resource as supplier } from '../../resources/suppliers';
import { resource as eRegistration } from '../../resources/registrations';
import { resource as fileValidation } from '../../resources/fileValidation';
import { resource as masterLogins } from '../../resources/masterLogins';
import { resource as processLogs } from '../../resources/processLogs';
import { resource as savi } from '../../resources/savi';
import { resource as support } from '../../resources/support';
import { resource as auditLog } from '../../resources/auditLog';
import { resource as mailOutbox } from '../../resources/mailOutbox';
import { resource as backgroundJobs } from '../../resources/backgroundJobs';

const VIEWS = new Map(
  [customer, group, supplier, eRegistration, fileValidation, masterLogins, processLogs, savi, support, auditLog, mailOutbox, backgroundJobs].map((v) => [v.decl.name, v]),
);

/** The entities with screens, in the declarations' (sidebar) order. */
export const RESOURCE_VIEWS: readonly ResourceView[] = RESOURCES.flatMap((d) => VIEWS.get(d.name) ?? []);

/** The sidebar's entities: those declaring a menu entry, in order. */
export const MENU_VIEWS = RESOURCE_VIEWS.filter((v) => v.decl.menu);
export const MENU_NAMES = MENU_VIEWS.map((v) => v.decl.name);

/** The view of entity `name`, if it has screens. */
export function viewOf(name: string): ResourceView | undefined {
  return VIEWS.get(name);
}

/** The spec's screens of a view as child routes, each behind its access check; unknown paths go home (or to not-found). */
function screenRoutes(view: ResourceView, NotFound: ComponentType) {
  const { name } = view.decl;
  const guarded = (action: string, element: ReactNode) => (
    <RouteAccess resource={name} action={action}>
      {element}
    </RouteAccess>
  );
  const fallback = view.home ? guarded('show', <Navigate to={`/${name}/${view.home}`} replace />) : <NotFound />;
  const unknown = view.home && view.setup ? guarded('show', <SetupFallback setup={view.setup} home={`/${name}/${view.home}`} />) : fallback;
  return [
    ...(view.routes ?? []).map(({ path, action, page: Page }) =>
      path === '' ? <Route key="index" index element={guarded(action, <Page />)} /> : <Route key={path} path={path} element={guarded(action, <Page />)} />,
    ),
    ...(view.home ? [<Route key="home" index element={fallback} />] : []),
    <Route key="*" path="*" element={unknown} />,
  ];
}

/** An unknown path of an area without a setup page: the setup page it belongs to, or home. */
function SetupFallback({ setup, home }: { setup: { resource: string; path: string }; home: string }) {
  const { canAccess, isPending } = useCanAccess({ resource: setup.resource, action: 'show' });
  if (isPending) return <LoadingScreen fullHeight={false} />;
  return <Navigate to={canAccess ? setup.path : home} replace />;
}

/**
 * One react-admin <Resource> per entity with screens (children of <Admin>): react-admin's own list
 * and show for a plain entity, the spec's screens as child routes for the others.
 */
export function resourceElements(NotFound: ComponentType) {
  return RESOURCE_VIEWS.map((view) => (
    <Resource
      key={view.decl.name}
      name={view.decl.name}
      options={{ label: view.decl.label }}
      icon={view.icon}
      list={view.list}
      show={view.show}
    >
      {view.list ? null : screenRoutes(view, NotFound)}
    </Resource>
  ));
}
