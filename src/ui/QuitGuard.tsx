import { useEffect, type MutableRefObject } from 'react';
import { useFormState } from 'react-hook-form';
import { useQuitGuard } from './useQuitGuard';

/** Watches only isDirty, so the guard never re-renders the form. `allowRef` receives allowLeaving. */
export function QuitGuard({ allowRef }: { allowRef: MutableRefObject<() => void> }) {
  const { isDirty } = useFormState();
  const { dialog, allowLeaving } = useQuitGuard(isDirty);
  useEffect(() => {
    allowRef.current = allowLeaving;
  }, [allowRef, allowLeaving]);
  return dialog;
}
