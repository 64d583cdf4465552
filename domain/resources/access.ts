import { can, type Guard, type Roles } from '../permissions';
import type { ResourceDecl } from './types';
import { resourceNamed } from './index';

/** What an action on an entity needs: every guard of `all`, and one of `any` when it has some. */
export interface AccessRule {
  all: readonly Guard[];
  any: readonly Guard[];
}

/**
 * The rule for `action` on an entity, or null when the action is not allowed at all:
 * - 'show': its route guard (every screen of the entity: a record, or any further page of the area);
 * - 'list': also its sidebar guard, and for a searched entity one of the collection's guards;
 * - anything else (create, edit, delete, commands): its route guard and the action's declared guards.
 */
export function accessRule(decl: ResourceDecl, action: string): AccessRule | null {
  const route = decl.route ? [decl.route] : [];
  if (action === 'show') return { all: route, any: [] };
  if (action === 'list') return { all: decl.menu?.guard ? [...route, decl.menu.guard] : route, any: decl.search?.guards ?? [] };
  const extra = Object.prototype.hasOwnProperty.call(decl.actions ?? {}, action) ? decl.actions![action] : undefined;
  return extra ? { all: [...route, ...extra], any: [] } : null;
}

/** authProvider.canAccess over the declarations: unknown entities and undeclared actions are denied. */
export function canAccessResource(roles: Roles | null | undefined, resource: string, action: string): boolean {
  const decl = resourceNamed(resource);
  const rule = decl ? accessRule(decl, action) : null;
  if (!rule || !roles) return false;
  const passes = (g: Guard) => can(roles, g.permission, g.action);
  return rule.all.every(passes) && (rule.any.length === 0 || rule.any.some(passes));
}
