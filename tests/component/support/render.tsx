import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { AdminContext, memoryStore, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';
import { createMemoryRouter, Route, RouterProvider, Routes as RouterRoutes, useLocation } from 'react-router-dom';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import { setSession } from '../../../authProvider';
import { canAccessResource } from '../../../domain/resources/access';
import { ROLE_PRESETS, type RoleName, type Roles } from '../../../domain/permissions';
import { theme, themeOptions } from '../../../src/theme';
import { Notifications } from '../../../src/layout/Notifications';

/** What the in-memory data provider holds and answers. */
export interface MemoryData {
  /** Records by resource name, for getOne, getList, getMany and update. */
  records?: Record<string, RaRecord[]>;
  /** The console's own calls (dataProvider.accountingCategories()…) by method name: their answer. */
  answers?: Record<string, unknown>;
}

/** Every call the forms made, in order: what a save sent. */
export type Calls = { method: string; resource?: unknown; params?: unknown; args?: unknown[] }[];

/**
 * A data provider over records in memory: react-admin's methods read and write them; any other
 * method (the console's custom calls) answers from `answers`, else an empty list.
 */
function memoryDataProvider({ records = {}, answers = {} }: MemoryData, calls: Calls): DataProvider {
  const list = (resource: string) => (records[resource] ??= []);
  type Params = { id?: unknown; ids?: unknown[]; data?: RaRecord };
  const base: Record<string, (resource: string, params: Params) => Promise<unknown>> = {
    async getOne(resource, { id }) {
      const record = list(resource).find((r) => String(r.id) === String(id));
      if (!record) throw Object.assign(new Error('Not found'), { status: 404 });
      return { data: record };
    },
    async getList(resource) {
      return { data: list(resource), total: list(resource).length };
    },
    async getMany(resource, { ids = [] }) {
      return { data: list(resource).filter((r) => ids.map(String).includes(String(r.id))) };
    },
    async getManyReference(resource) {
      return { data: list(resource), total: list(resource).length };
    },
    async create(resource, { data }) {
      const record = { ...data, id: data?.id ?? `new-${list(resource).length + 1}`, version: 1 };
      list(resource).push(record);
      return { data: record };
    },
    async update(resource, { id, data }) {
      const record = { ...data, id: id as RaRecord['id'], version: Number(data?.version ?? 0) + 1 };
      records[resource] = list(resource).map((r) => (String(r.id) === String(id) ? record : r));
      return { data: record };
    },
  };
  const provider: DataProvider = new Proxy(base as unknown as DataProvider, {
    get(_target, method: string) {
      if (method === 'then') return undefined;
      // A user action's calls (useOneAction) go through the same provider.
      if (method === 'acting') return () => provider;
      const own = base[method];
      return async (...args: [string, Params]) => {
        const [resource, params] = args;
        calls.push({ method, resource, params, args });
        if (own) return own(resource, params);
        return method in answers ? answers[method] : [];
      };
    },
  });
  return provider;
}

/** Signs in an admin of `role` (useCan reads the session) and answers react-admin's access checks for them. */
function signIn(roles: Roles): AuthProvider {
  setSession({
    user: { uid: 'admin-1', firstname: 'Test', lastname: 'Admin', email: 'admin@fleet-network.example' },
    role: 'SUPER_ADMIN',
    roles,
    claims: { mfaVerificationRequired: false, mfaOtpVerified: true },
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    absoluteExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    csrfToken: 'test',
    timers: { inactivityMs: 3_600_000, warningMs: 60_000 },
  });
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => roles,
    getIdentity: async () => ({ id: 'admin-1', fullName: 'Test Admin' }),
    canAccess: async ({ resource, action }) => canAccessResource(roles, resource, action),
  };
}

export interface FormOptions extends MemoryData {
  /** The route pattern the element is rendered at ('/customer/create-customer/:selectedCountry'). */
  path?: string;
  /** The address it opens at; `path` when not given. */
  url?: string;
  /** The signed-in admin's role preset (SUPER_ADMIN when not given). */
  role?: RoleName;
}

export interface RenderedForm extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
  /** Every data provider call so far. */
  calls: Calls;
}

/**
 * Renders `element` as the console does (src/App.tsx): in a data router (edit forms hold back
 * navigation with useBlocker), the console's theme and notifications, and react-admin's context with a
 * data provider over records in memory and a signed-in admin. Other routes render a page naming
 * their address, so a test sees where a save or a link went.
 */
export function renderForm(element: ReactElement, { path = '/', url, role = 'SUPER_ADMIN', ...data }: FormOptions = {}): RenderedForm {
  const calls: Calls = [];
  const authProvider = signIn(ROLE_PRESETS[role]);
  const dataProvider = memoryDataProvider(data, calls);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <AdminContext dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()} theme={themeOptions} queryClient={queryClient}>
              <Routes path={path} element={element} />
              <Notifications />
            </AdminContext>
          </ThemeProvider>
        ),
      },
    ],
    { initialEntries: [url ?? path] },
  );
  // No pointer-events check per event (each reads computed styles up the tree); no pause between keys.
  const user = userEvent.setup({ pointerEventsCheck: 0, delay: null });
  const result = render(<RouterProvider router={router} />);
  return { ...result, user, router, calls };
}

function Routes({ path, element }: { path: string; element: ReactElement }) {
  return (
    <RouterRoutes>
      <Route path={path} element={element} />
      <Route path="*" element={<Elsewhere />} />
    </RouterRoutes>
  );
}

/** Any other page: its address as a heading. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <h1>{pathname}</h1>;
}
