import { describe, expect, it } from 'vitest';
import { allSlugs } from '../../server/rpc';
import { RESOURCES } from '../../domain/resources';
import { actionSlugs, canAccessResource } from '../../domain/resources/access';
import { can, ROLE_NAMES, ROLE_PRESETS } from '../../domain/permissions';

/**
 * Every action the console gates a control with, and that stands for server slugs, gives each role
 * preset the answer the server's guard gives for those slugs: the console never offers what the
 * server refuses, nor greys what it allows. The server still decides.
 */
const SLUGS = new Map(allSlugs.map((s) => [s.slug, s]));

const linked = RESOURCES.flatMap((r) => Object.keys(r.actions ?? {}).flatMap((action) => actionSlugs(r, action).map((slug) => ({ resource: r.name, action, slug }))));

/** The server guard's answer: a slug open to every full session passes; a permission rule is checked. */
function serverAllows(slug: string, roles: (typeof ROLE_PRESETS)[keyof typeof ROLE_PRESETS]): boolean {
  const access = SLUGS.get(slug)!.access;
  if (typeof access === 'object') return can(roles, access.permission, access.action);
  return access === 'signed-in' || access === 'public' || access === 'any-session';
}

describe('declared actions and their slugs', () => {
  it('links the gated actions to slugs', () => {
    // The support tools, the entities' commands and their gated controls: not a handful.
    expect(linked.length).toBeGreaterThan(40);
  });

  it.each(linked)('$resource $action names a slug of the API: $slug', ({ slug }) => {
    expect(SLUGS.has(slug)).toBe(true);
  });

  it.each(linked)('$resource $action answers as the guard of $slug for every role preset', ({ resource, action, slug }) => {
    const console_ = Object.fromEntries(ROLE_NAMES.map((role) => [role, canAccessResource(ROLE_PRESETS[role], resource, action)]));
    const server = Object.fromEntries(ROLE_NAMES.map((role) => [role, serverAllows(slug, ROLE_PRESETS[role])]));
    expect(console_).toEqual(server);
  });
});
