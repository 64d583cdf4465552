import { useLocation, useSearchParams } from 'react-router-dom';
import type { CustomerNavState } from './paths';

/** The customer a details or edit page is about: navigation state first, else ?id= (a reload). */
export function useCustomerId(): { id: string | null; searchUrl: string | undefined } {
  const state = useLocation().state as Partial<CustomerNavState> | null;
  const [params] = useSearchParams();
  return { id: state?.leaseCompanyId ?? params.get('id'), searchUrl: state?.searchUrl };
}
