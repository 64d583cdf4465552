import { useLocation, useSearchParams } from 'react-router-dom';
import type { RegistrationNavState } from './paths';

/** The registration a page is about: navigation state first, else ?id= (a reload). */
export function useInviteId(): { inviteId: string | null; searchUrl: string | undefined } {
  const state = useLocation().state as Partial<RegistrationNavState> | null;
  const [params] = useSearchParams();
  return { inviteId: state?.inviteId ?? params.get('id'), searchUrl: state?.searchUrl };
}
