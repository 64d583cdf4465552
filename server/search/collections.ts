import { PRODUCT_COLLECTIONS } from './productCollections';
import type { CollectionDef } from './types';

/**
 * The search collections. Each is declared once here; the engine compiles every search against
 * its definition, so nothing outside this list is reachable through search.
 */
const registry = new Map<string, CollectionDef>(PRODUCT_COLLECTIONS.map((c) => [c.name, c]));

export function registerCollection(def: CollectionDef): void {
  registry.set(def.name, def);
}

export function getCollection(name: string): CollectionDef | undefined {
  return registry.get(name);
}

export function collectionNames(): string[] {
  return [...registry.keys()];
}
