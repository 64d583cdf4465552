/**
 * A card search's query string in react-admin's list format (?filter={…}), so a link lands on
 * that search: the dashboard's View All, a test opening a search by text.
 */
export function searchQuery(filter: { q?: string; [field: string]: unknown }): string {
  const kept = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  return new URLSearchParams({ filter: JSON.stringify(kept) }).toString();
}
