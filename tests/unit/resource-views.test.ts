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

  it("sends each area's unknown paths to one of its own screens", () => {
    for (const view of RESOURCE_VIEWS.filter((v) => v.home)) expect(view.routes?.map((r) => r.path), view.decl.name).toContain(view.home);
  });
});
