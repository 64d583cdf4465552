import { describe, expect, it } from 'vitest';
import { RESOURCE_VIEWS } from '../../src/resources';
import { SCREENS } from '../fixtures/screens';

/** The accessibility checks (tests/e2e/accessibility*.test.ts) open every screen listed in tests/fixtures/screens.ts. */
describe('the screens the accessibility checks open', () => {
  it('list every declared screen of every entity, with the action its route needs', () => {
    const declared = RESOURCE_VIEWS.flatMap((v) => [
      ...(v.routes ?? []).map((r) => `${v.decl.name} ${r.path} ${r.action}`),
      ...(v.list ? [`${v.decl.name} list list`] : []),
      // An area's own show, edit and create are the components of its spec screens, listed above.
      ...(v.show && !v.routes ? [`${v.decl.name} show show`] : []),
    ]);
    const listed = SCREENS.filter((s) => s.resource).map((s) => `${s.resource} ${s.route} ${s.action}`);
    expect(listed.sort()).toEqual(declared.sort());
  });
});
