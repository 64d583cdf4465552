import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { failureText } from '../../dataProvider/api';
import type { PersonRef } from '../../domain/common';
import { useSessionState } from '../../src/layout/useSession';
import { useToast } from '../../src/layout/Toasts';

/**
 * One support action's call: busy while it runs, the success notice as a toast, a refusal or
 * failure kept as `error` to show beside the control (the spec's message, or `fallback` where the
 * server gave none). `user` is the signed-in admin the spec's payloads carry.
 */
export function useSupportAction(title: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { session } = useSessionState();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const user: PersonRef = { firstname: session?.user.firstname ?? '', lastname: session?.user.lastname ?? '', email: session?.user.email };
  const run = async (call: (dp: ConsoleDataProvider) => Promise<{ message?: string }>, fallback: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(dataProvider);
      if (answer.message) toast.success(title, answer.message);
      return true;
    } catch (err) {
      setError(failureText(err, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run, user, dataProvider };
}
