import { useLocation, useSearchParams } from 'react-router-dom';
import type { SupplierNavState } from './paths';

/** The supplier a details page is about: navigation state first, else ?id=&group= (a reload). */
export function useSupplierIds(): { ids: { serviceUnitId: string; accountObjectId: string } | null; searchUrl: string | undefined } {
  const state = useLocation().state as Partial<SupplierNavState> | null;
  const [params] = useSearchParams();
  const serviceUnitId = state?.serviceUnitId ?? params.get('id');
  const accountObjectId = state?.accountObjectId ?? params.get('group');
  return { ids: serviceUnitId && accountObjectId ? { serviceUnitId, accountObjectId } : null, searchUrl: state?.searchUrl };
}
