import type { ReactNode } from 'react';
import { CoreAdminContext, CoreAdminUI, CustomRoutes, defaultI18nProvider, memoryStore } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { authProvider, loadSession } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { fetchSearchKeyEarly } from '../dataProvider/searchKey';
import { lazyPage, type LazyPage } from './lazyPage';
import { isPublicPath, type PublicPath } from '../domain/publicPages';
import { reducedMotionTheme, theme } from './theme';
import { LoadingScreen } from './layout/LoadingScreen';
import { Notifications } from './layout/Notifications';
import { ApiErrorBanner } from './layout/ApiErrorBanner';
import { AppError } from './layout/ErrorNotice';
import { resourceElements } from './resources';
import { createQueryClient } from './queryClient';

const queryClient = createQueryClient();

/** What the sign-in pages and the frame show while their code comes: the whole window's 'Loading...'. */
const fullScreen = () => <LoadingScreen />;

const LoginPage = lazyPage(() => import('./pages/LoginPage').then((m) => m.LoginPage), fullScreen);
const OtpPage = lazyPage(() => import('./pages/OtpPage').then((m) => m.OtpPage), fullScreen);
const PrivacyPolicyPage = lazyPage(() => import('./pages/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage), fullScreen);
const CookiePolicyPage = lazyPage(() => import('./pages/CookiePolicyPage').then((m) => m.CookiePolicyPage), fullScreen);
const AccessDeniedPage = lazyPage(() => import('./pages/AccessDeniedPage').then((m) => m.AccessDeniedPage));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage').then((m) => m.NotFoundPage));
const LazyConsoleLayout = lazyPage(() => import('./layout/ConsoleLayout').then((m) => m.ConsoleLayout), fullScreen);

/**
 * The frame of signed-in pages (sidebar, header, session expiry), loaded when the first one opens:
 * the sign-in page, outside it, downloads none of its code.
 */
function ConsoleFrame({ children }: { children?: ReactNode }) {
  return <LazyConsoleLayout>{children}</LazyConsoleLayout>;
}

/** The pages outside the shell (no sign-in needed), by path. */
const PUBLIC_PAGES: [path: PublicPath, page: LazyPage][] = [
  ['/', LoginPage],
  ['/login', LoginPage],
  ['/validate-otp', OtpPage],
  ['/privacy-policy', PrivacyPolicyPage],
  ['/cookie-policy', CookiePolicyPage],
];

// At a console address, the session check, the signed-in screens' code (one file with the frame:
// vite.config.ts) and the search key all start now, side by side, not one after the other once
// React has drawn its first frame. react-admin's own check then shares the session request; a
// failure is its to report (the request is made again), a refusal sends to sign-in as before.
if (!isPublicPath(window.location.pathname)) {
  loadSession().catch(() => undefined);
  LazyConsoleLayout.preload();
  fetchSearchKeyEarly();
}


/**
 * The console: react-admin inside a browser-history data router (a data router, so edit forms can
 * hold back navigation with useBlocker). Public pages have no layout; every other path renders
 * inside ConsoleFrame, which signs the user in or sends them to /login. Each declared entity with screens
 * is a <Resource> (src/resources).
 *
 * react-admin's core pieces rather than its <Admin>: <Admin> brings the default layout, sign-in,
 * error and loading pages of its Material UI package as defaults of its props, about 18 kB of
 * compressed code the sign-in page downloaded and never used. What <Admin> adds is given here:
 * the theme (ours, around it), the English messages, the notifications and an error page.
 */
function Console() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
      <CssBaseline enableColorScheme />
      <ApiErrorBanner />
      <CoreAdminContext authProvider={authProvider} dataProvider={dataProvider} queryClient={queryClient} store={memoryStore()} i18nProvider={defaultI18nProvider}>
        <CoreAdminUI
          disableTelemetry
          title="Fleet Network Console"
          layout={ConsoleFrame}
          loginPage={false}
          catchAll={NotFoundPage}
          accessDenied={AccessDeniedPage}
          error={AppError}
        >
          <CustomRoutes noLayout>
            {PUBLIC_PAGES.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </CustomRoutes>
          {resourceElements(NotFoundPage)}
        </CoreAdminUI>
        <Notifications />
      </CoreAdminContext>
    </ThemeProvider>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Console /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
