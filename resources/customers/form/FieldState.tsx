import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { applyCustomerDependencies, customerFieldState, type CustomerFieldState, type CustomerForm } from '../../../domain/customers';

const FieldStateContext = createContext<CustomerFieldState | null>(null);

/** Which inputs are disabled or required now (domain customerFieldState). */
export function useFieldState(): CustomerFieldState {
  const state = useContext(FieldStateContext);
  if (!state) throw new Error('useFieldState needs CustomerFormRules');
  return state;
}

/** The parts of the form a dependency may change; each is written back only when it changed. */
const DEPENDENT_PATHS = [
  'config.menuOptions',
  'config.services',
  'config.servicesEnabled',
  'config.notifications',
  'config.healthChecks',
  'config.compliances',
  'config.downTimeQueue',
  'config.customerInfo.isEnabled',
  'config.customerInfoEnabled',
  'config.integrations',
  'webhooks.topics',
] as const;

const at = (obj: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);

/** Text edits never change a dependency; only switches, selects and lists can. */
function mayChangeRules(name: string | undefined, values: unknown): boolean {
  if (!name) return true;
  if (name === 'rateCardType' || name.startsWith('config.integrations') || name.startsWith('webhooks.topics')) return true;
  return typeof at(values, name) === 'boolean';
}

/**
 * Applies the form dependencies (spec 1 §4) after each switch change and publishes the disabled
 * and required states. It listens to changes without re-rendering the form: sections re-render
 * only when the field state itself changes, never while the user types.
 */
export function CustomerFormRules({ children }: { children: ReactNode }) {
  const { watch, getValues, setValue } = useFormContext<CustomerForm>();
  const [state, setState] = useState(() => customerFieldState(getValues()));
  const previous = useRef<CustomerForm>(structuredClone(getValues()));
  const stateKey = useRef(JSON.stringify(state));

  useEffect(() => {
    const publish = (values: CustomerForm) => {
      const next = customerFieldState(values);
      const key = JSON.stringify(next);
      if (key !== stateKey.current) {
        stateKey.current = key;
        setState(next);
      }
    };
    const subscription = watch((values, { name, type }) => {
      const current = values as CustomerForm;
      if (!name) {
        // A reset (reload after a conflict): the new baseline.
        previous.current = structuredClone(getValues());
        publish(getValues());
        return;
      }
      // Values set here come back without a type; list changes (the integrations drawer) too.
      if (type !== 'change' && !name.startsWith('config.integrations')) return;
      if (!mayChangeRules(name, current)) return;
      const before = previous.current;
      const applied = applyCustomerDependencies(before, getValues());
      for (const path of DEPENDENT_PATHS) {
        if (JSON.stringify(at(applied, path)) !== JSON.stringify(at(getValues(), path))) {
          setValue(path as never, at(applied, path) as never, { shouldDirty: true });
        }
      }
      previous.current = applied;
      publish(applied);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, setValue]);

  return <FieldStateContext.Provider value={state}>{children}</FieldStateContext.Provider>;
}
