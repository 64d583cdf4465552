import { useLocation, useSearchParams } from 'react-router-dom';
import type { GroupNavState } from './paths';

/** The group a details or edit page is about: navigation state first, else ?id= (a reload). */
export function useGroupId(): { accountId: string | null; searchUrl: string | undefined } {
  const state = useLocation().state as Partial<GroupNavState> | null;
  const [params] = useSearchParams();
  return { accountId: state?.accountId ?? params.get('id'), searchUrl: state?.searchUrl };
}
