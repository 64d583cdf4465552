import type { ComponentType, ReactNode } from 'react';
import { Resource, useCanAccess } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { RESOURCES } from '../../domain/resources';
import { isRecordId } from '../../domain/common';
import { RouteAccess } from '../layout/RouteAccess';
import { LoadingScreen } from '../layout/LoadingScreen';
import type { ResourceView } from './view';

/**
 * Every area's React half (resources/<area>/index.ts exports its `resource`), found by its place
 * rather than listed: adding an entity adds no line here.
 */
const AREAS = import.meta.glob<{ resource: ResourceView }>('../../resources/*/index.{ts,tsx}', { eager: true });
const VIEWS = new Map(Object.values(AREAS).map(({ resource: v }) => [v.decl.name, v]));

/** The entities with screens, in the declarations' (sidebar) order. */
export const RESOURCE_VIEWS: readonly ResourceView[] = RESOURCES.flatMap((d) => VIEWS.get(d.name) ?? []);

/** The sidebar's entities: those declaring a menu entry, in order. */
export const MENU_VIEWS = RESOURCE_VIEWS.filter((v) => v.decl.menu);
export const MENU_NAMES = MENU_VIEWS.map((v) => v.decl.name);

/** The view of entity `name`, if it has screens. */
export function viewOf(name: string): ResourceView | undefined {
  return VIEWS.get(name);
}

/** A screen for those who may do `action` on the view's entity. */
function guarded(view: ResourceView, action: string, element: ReactNode) {
  return (
    <RouteAccess resource={view.decl.name} action={action}>
      {element}
    </RouteAccess>
  );
}

/** Where /{name} goes, and where an unknown path under it goes. */
function fallbacks(view: ResourceView, NotFound: ComponentType) {
  const { name } = view.decl;
  const home = view.home ? guarded(view, 'show', <Navigate to={`/${name}/${view.home}`} replace />) : <NotFound />;
  const unknown = view.home && view.setup ? guarded(view, 'show', <SetupFallback setup={view.setup} home={`/${name}/${view.home}`} />) : home;
  return { home, unknown };
}

/** The spec's screens of a view as child routes, each behind its access check; unknown paths go home (or to not-found). */
function screenRoutes(view: ResourceView, NotFound: ComponentType) {
  const { home, unknown } = fallbacks(view, NotFound);
  return [
    ...(view.routes ?? []).map(({ path, action, page: Page }) =>
      path === '' ? <Route key="index" index element={guarded(view, action, <Page />)} /> : <Route key={path} path={path} element={guarded(view, action, <Page />)} />,
    ),
    ...(view.home ? [<Route key="home" index element={home} />] : []),
    <Route key="*" path="*" element={unknown} />,
  ];
}

/**
 * react-admin's :id routes match any segment, so in an area with spec screens a segment that is
 * no record id (/customer/nothing-here) is an unknown path, as the spec has it.
 */
function RecordRoute({ element, unknown }: { element: ReactNode; unknown: ReactNode }) {
  return isRecordId(useParams().id) ? element : unknown;
}

/** react-admin's own screens of a view, each behind the access check of its action. */
function ownScreens(view: ResourceView, NotFound: ComponentType) {
  const { unknown } = fallbacks(view, NotFound);
  const screen = (action: string, Screen: ComponentType | undefined, byId: boolean) => {
    if (!Screen) return undefined;
    const element = guarded(view, action, <Screen />);
    return byId && view.routes ? <RecordRoute element={element} unknown={unknown} /> : element;
  };
  return { list: screen('list', view.list, false), show: screen('show', view.show, true), edit: screen('edit', view.edit, true), create: screen('create', view.create, false) };
}

/** An unknown path of an area without a setup page: the setup page it belongs to, or home. */
function SetupFallback({ setup, home }: { setup: { resource: string; path: string }; home: string }) {
  const { canAccess, isPending } = useCanAccess({ resource: setup.resource, action: 'show' });
  if (isPending) return <LoadingScreen fullHeight={false} />;
  return <Navigate to={canAccess ? setup.path : home} replace />;
}

/**
 * One react-admin <Resource> per entity with screens (children of CoreAdminUI): react-admin's own
 * list, show, edit and create where the view has them, and the spec's screens as child routes at
 * the spec's paths (a static path such as /customer/setup outranks react-admin's /customer/:id).
 */
export function resourceElements(NotFound: ComponentType) {
  return RESOURCE_VIEWS.map((view) => (
    <Resource key={view.decl.name} name={view.decl.name} options={{ label: view.decl.label }} icon={view.icon} {...ownScreens(view, NotFound)}>
      {view.list ? null : screenRoutes(view, NotFound)}
    </Resource>
  ));
}
