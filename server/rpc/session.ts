import type { SearchKeyResponse } from '../../domain/auth';
import { searchableCollections } from '../../domain/search';
import { searchKeys } from '../db/schema';
import { generateScopedKey, newParentKey } from '../search/scopedKey';
import { defineSlug } from './registry';
import { noInputSchema } from '../../domain/lists';

/** A short-lived scoped search key for the console's search client (spec 1 §7). */
export const getSessionToken = defineSlug({
  slug: 'session/getSessionToken',
  method: 'GET',
  effect: 'session',
  access: 'signed-in',
  input: noInputSchema,
  async handler({ session, services }): Promise<SearchKeyResponse> {
    const s = session;
    const now = services.clock.now();
    const collections = searchableCollections(s.roles);
    // One parent key per session; its collections follow the admin's current permissions.
    const fresh = newParentKey();
    const [{ value }] = await services.db
      .insert(searchKeys)
      .values({ value: fresh, prefix: fresh.slice(0, 4), sessionId: s.id, actions: ['documents:search'], collections, createdAt: now, expiresAt: s.absoluteExpiresAt })
      .onConflictDoUpdate({ target: searchKeys.sessionId, set: { collections } })
      .returning({ value: searchKeys.value });
    const expiresAt = Math.floor(Math.min(now.getTime() + services.config.searchKeyTtlMs, s.absoluteExpiresAt.getTime()) / 1000);
    return { key: generateScopedKey(value, { expires_at: expiresAt }), expiresAt };
  },
});

export const sessionSlugs = [getSessionToken];
