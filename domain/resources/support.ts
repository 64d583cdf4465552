import { menuView } from '../permissions';
import { SUPPORT_SECTIONS, toolAction } from '../support/dashboard';
import { defineResource, type ActionDecl } from './types';

/** One action per tool, named by the tool: its permission, at view for a tool that only reads. */
const toolActions: Record<string, ActionDecl> = Object.fromEntries(
  SUPPORT_SECTIONS.flatMap((s) => s.tools).map((t) => [t.id, { guards: [{ permission: t.permission, action: toolAction(t.id) }], slugs: t.slugs }]),
);

/**
 * The support dashboard, spec 3 §2.4: the sidebar entry needs support; the route has no guard,
 * each tool needs its own action.
 */
export const supportResource = defineResource({
  name: 'support',
  label: 'Support',
  menu: { path: '/support', guard: menuView('support') },
  route: null,
  actions: toolActions,
});
