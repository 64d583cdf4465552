import { can, type Roles } from './permissions';
import { RESOURCES } from './resources';

/**
 * Search collections and who may search them, from the entity declarations (domain/resources):
 * a scoped search key is limited to the collections whose guards the admin passes (any one suffices).
 */
export const SEARCHED = RESOURCES.flatMap((r) => (r.search ? [r.search] : []));

export function searchableCollections(roles: Roles): string[] {
  return SEARCHED.filter((s) => s.guards.some((g) => can(roles, g.permission, g.action))).map((s) => s.collection);
}
