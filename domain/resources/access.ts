import { can, type Guard, type Roles } from '../permissions';
import type { ActionDecl, ResourceDecl } from './types';
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
  const extra = declaredAction(decl, action);
  return extra ? { all: [...route, ...actionGuards(extra)], any: [] } : null;
}

function declaredAction(decl: ResourceDecl, action: string): ActionDecl | undefined {
  return Object.prototype.hasOwnProperty.call(decl.actions ?? {}, action) ? decl.actions![action] : undefined;
}

/** The guards an action declares (beyond the route guard). */
export const actionGuards = (a: ActionDecl): readonly Guard[] => ('guards' in a ? a.guards : a);

/** The server slugs an action stands for: those it declares, and the command of the same name. */
export function actionSlugs(decl: ResourceDecl, action: string): string[] {
  const a = declaredAction(decl, action);
  if (!a) return [];
  const command = Object.prototype.hasOwnProperty.call(decl.commands ?? {}, action) ? decl.commands![action].slug : undefined;
  return [...new Set([...('slugs' in a ? a.slugs : []), ...(command ? [command] : [])])];
}

/** authProvider.canAccess over the declarations: unknown entities and undeclared actions are denied. */
export function canAccessResource(roles: Roles | null | undefined, resource: string, action: string): boolean {
  const decl = resourceNamed(resource);
  const rule = decl ? accessRule(decl, action) : null;
  if (!rule || !roles) return false;
  const passes = (g: Guard) => can(roles, g.permission, g.action);
  return rule.all.every(passes) && (rule.any.length === 0 || rule.any.some(passes));
}
