import { useCallback, useContext, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DataProviderContext, useLogoutIfAccessDenied } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { ActionGate, type UserAction } from '../../dataProvider/userAction';

/** The console's dataProvider itself: useDataProvider's wrapper takes every method for a call that answers a promise, `acting` too. */
export function useConsoleDataProvider(): ConsoleDataProvider {
  return useContext(DataProviderContext) as ConsoleDataProvider;
}

/** The ActionGate of one form or button, kept for the component's life. */
export function useActionGate(): ActionGate {
  const gate = useRef<ActionGate | null>(null);
  gate.current ??= new ActionGate();
  return gate.current;
}

/** What `run` answers: the value of the call, or null when the click came while an attempt ran. */
export type Ran<R> = { value: R } | null;

/** How a user action makes its calls: the dataProvider's typed methods, or react-admin's verbs with this `meta`. */
export interface Acting {
  dataProvider: ConsoleDataProvider;
  meta: { action: UserAction };
}

/**
 * A user action that writes (a Save, an action button), once per click: react-query's mutation
 * (isPending disables the button while it runs), the ActionGate (a second click before the button
 * shows as disabled does nothing) and the action's Idempotency-Keys (the same request sent again,
 * after a failure, is the same write). `perform` makes its calls as `acting` says. `run` rejects as
 * `perform` does. A `mutationKey` lets the page follow the action (useIsMutating). `variables`: what
 * the running attempt was given (which row is busy), undefined when none runs.
 */
export function useOneAction<V, R>(perform: (vars: V, acting: Acting) => Promise<R>, options: { mutationKey?: readonly unknown[] } = {}) {
  const dataProvider = useConsoleDataProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const gate = useActionGate();
  const mutation = useMutation({
    mutationKey: options.mutationKey,
    mutationFn: ({ action, vars }: { action: UserAction; vars: V }) =>
      perform(vars, { dataProvider: dataProvider.acting(action), meta: { action } }).catch(async (error: unknown) => {
        // As useDataProvider does: a 401 ends the session.
        await logoutIfAccessDenied(error);
        throw error;
      }),
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (vars: V): Promise<Ran<R>> => {
      const action = gate.start();
      if (!action) return null;
      let succeeded = false;
      try {
        const value = await mutateAsync({ action, vars });
        succeeded = true;
        return { value };
      } finally {
        gate.finish(succeeded);
      }
    },
    [gate, mutateAsync],
  );
  return { run, isPending: mutation.isPending, isSuccess: mutation.isSuccess, variables: mutation.isPending ? mutation.variables?.vars : undefined };
}
