import { createContext, useContext, useMemo } from 'react';
import type { LengthCap } from '../../../domain/lengthCap';

/** The typed caps of a form's inputs by form path (the customer form: customerLengthCaps). */
const LengthCapsContext = createContext<Readonly<Record<string, LengthCap>>>({});
export const LengthCapsProvider = LengthCapsContext.Provider;

/** The cap of the input at `source`: the form's, else a plain `maxLength` given to the input. */
export function useLengthCap(source: string, maxLength?: number): LengthCap | undefined {
  const fromForm = useContext(LengthCapsContext)[source];
  return useMemo(() => fromForm ?? (maxLength ? { max: maxLength } : undefined), [fromForm, maxLength]);
}
