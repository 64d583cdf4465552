import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { failureText } from '../../api/client';
import type { PersonRef } from '../../domain/common';
import { useSessionState } from '../../src/layout/useSession';
import { useOneAction } from '../../src/ui/useOneAction';

/**
 * One support action's call, once per click (useOneAction): busy while it runs, the success notice
 * as a toast, a refusal or failure kept as `error` to show beside the control (the spec's message,
 * or `fallback` where the server gave none). `user` is the signed-in admin the spec's payloads
 * carry; `dataProvider` is for the tool's reads.
 */
export function useSupportAction(title: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { session } = useSessionState();
  const notify = useNotify();
  const action = useOneAction((call: (dp: ConsoleDataProvider) => Promise<{ message?: string }>, acting) => call(acting.dataProvider));
  const [error, setError] = useState<string | null>(null);
  const user: PersonRef = { firstname: session?.user.firstname ?? '', lastname: session?.user.lastname ?? '', email: session?.user.email };
  const run = async (call: (dp: ConsoleDataProvider) => Promise<{ message?: string }>, fallback: string): Promise<boolean> => {
    setError(null);
    try {
      const ran = await action.run(call);
      if (!ran) return false;
      if (ran.value.message) notify(ran.value.message, { type: 'success', title });
      return true;
    } catch (err) {
      setError(failureText(err, fallback));
      return false;
    }
  };
  return { busy: action.isPending, error, setError, run, user, dataProvider };
}
