/** Subscriptions from the local billing ledger beside the product's records (spec 1 §2 Subscriptions drawer). */
import type { SlugDef } from './registry';

export const subscriptionSlugs: SlugDef[] = [];
