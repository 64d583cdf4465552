import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router-dom';
import { MenuGuard } from './MenuGuard';
import { LoadingScreen } from './LoadingScreen';

/**
 * One signed-in area: its path, its guard (AREA_GUARDS) and its lazily loaded routes component.
 * Returns a <Route> element for react-admin's <CustomRoutes>.
 */
export function areaRoute(path: string, area: string, Area: LazyExoticComponent<ComponentType>) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <MenuGuard area={area}>
          <Suspense fallback={<LoadingScreen fullHeight={false} />}>
            <Area />
          </Suspense>
        </MenuGuard>
      }
    />
  );
}
