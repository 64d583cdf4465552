import { QueryClient } from '@tanstack/react-query';
import { getState, subscribe } from '../authProvider';

/** The key react-admin's useCanAccess, <CanAccess> and useCanAccessResources keep their answers under. */
const CAN_ACCESS_KEY = ['auth', 'canAccess'] as const;

const rolesNow = () => JSON.stringify(getState().session?.roles ?? null);

/**
 * react-admin's query client. A permission answer is worked out from the roles the session already
 * holds (authProvider.canAccess), and every control asking the same resource and action shares it:
 * it is kept until the signed-in roles change, instead of being worked out again by each control
 * that mounts (react-admin's default treats it as stale at once).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryDefaults([...CAN_ACCESS_KEY], { staleTime: Infinity });
  let roles = rolesNow();
  subscribe(() => {
    const next = rolesNow();
    if (next === roles) return;
    roles = next;
    void client.invalidateQueries({ queryKey: [...CAN_ACCESS_KEY] });
  });
  return client;
}
