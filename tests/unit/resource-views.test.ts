import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources';
import { MENU_VIEWS, RESOURCE_VIEWS } from '../../src/resources';

describe('the React halves of the declarations (src/resources)', () => {
  it('gives every entity with a sidebar entry its screens, in the declared order', () => {
    expect(MENU_VIEWS.map((v) => v.decl.name)).toEqual(RESOURCES.filter((r) => r.menu).map((r) => r.name));
  });

  it('pairs each view with the declaration of the same name, and has either react-admin screens or the spec routes', () => {
    for (const view of RESOURCE_VIEWS) {
      expect(RESOURCES).toContain(view.decl);
      expect(Boolean(view.list) !== Boolean(view.routes?.length), view.decl.name).toBe(true);
      for (const route of view.routes ?? []) expect(['list', 'show', 'create', 'edit', ...Object.keys(view.decl.actions ?? {})], `${view.decl.name}/${route.path}`).toContain(route.action);
    }
  });

  it("renders react-admin's own show, edit and create of an area with the components of its spec screens, and names where their ids travel", () => {
    for (const view of RESOURCE_VIEWS.filter((v) => v.routes)) {
      for (const action of ['show', 'edit', 'create'] as const) {
        const own = view[action];
        if (own) expect(view.routes!.filter((r) => r.page === own).map((r) => r.action), `${view.decl.name} ${action}`).toEqual([action]);
      }
      if (view.show || view.edit) expect(view.recordId, view.decl.name).toBeDefined();
    }
    expect(RESOURCE_VIEWS.filter((v) => v.routes && v.show).map((v) => v.decl.name).sort()).toEqual(['customer', 'e-registration', 'group', 'supplier']);
  });

  it("sends each area's unknown paths to one of its own screens", () => {
    for (const view of RESOURCE_VIEWS.filter((v) => v.home)) expect(view.routes?.map((r) => r.path), view.decl.name).toContain(view.home);
  });
});
