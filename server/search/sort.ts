import { errors } from './errors';
import { commaList } from './params';
import type { CollectionDef, FieldDef } from './types';

export interface SortItem {
  /** null: `_text_match`. */
  field: FieldDef | null;
  desc: boolean;
  missing?: 'first' | 'last';
}

/**
 * sort_by (reference §4) and the default order of §1.4. The statement appends `seq DESC` after
 * these, so ties always go to the newer document.
 */
export function parseSort(c: CollectionDef, sortBy: string, textQuery: boolean): SortItem[] {
  const items = commaList(sortBy);
  if (items.length > 3) throw errors.sortTooMany();
  const out: SortItem[] = items.map((item) => {
    const m = /^(.*):([^:]*)$/s.exec(item);
    if (!m) throw errors.sortMalformed();
    const spec = /^([^(]*?)\s*(?:\(\s*missing_values\s*:\s*(first|last)\s*\))?$/i.exec(m[1].trim());
    const name = (spec ? spec[1] : m[1]).trim();
    const dir = m[2].trim().toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') throw errors.sortOrder(name);
    const missing = spec?.[2]?.toLowerCase() as SortItem['missing'];
    if (name === '_text_match') return { field: null, desc: dir === 'desc', missing };
    const field = c.fields.find((f) => f.name === name);
    if (!spec || !field || !field.sort || field.type.endsWith('[]')) throw errors.sortFieldNotFound(name);
    return { field, desc: dir === 'desc', missing };
  });
  const dsf = c.defaultSortingField ? c.fields.find((f) => f.name === c.defaultSortingField) : undefined;
  if (out.length === 0) {
    if (textQuery) out.push({ field: null, desc: true });
    if (dsf) out.push({ field: dsf, desc: true });
  } else if (textQuery && out.length < 3 && !out.some((s) => s.field === null)) {
    out.push({ field: null, desc: true });
  }
  return out;
}

/** The row's columns an expression reads (`d.<column>`), each once, in order. */
export function columnsRead(sql: string): string[] {
  return [...new Set([...sql.matchAll(/\bd\.([a-z_][a-z0-9_]*)/g)].map((m) => m[1]))];
}

/** SQL key of one sort item (without direction). */
export function sortKeySql(s: SortItem): string {
  if (!s.field) return '_tm';
  const f = s.field;
  // Empty strings count as missing; strings compare case-insensitively and byte-wise, the same on
  // every server whatever its locale.
  if (f.type === 'string') return `lower(nullif(${f.sql}, '')) COLLATE "C"`;
  return f.sql;
}

/** Direction and null placement: missing numbers last, missing strings count as highest. */
export function sortDirectionSql(s: SortItem): string {
  const dir = s.desc ? 'DESC' : 'ASC';
  let nullsFirst = s.field?.type === 'string' ? s.desc : false;
  if (s.missing) nullsFirst = s.missing === 'first';
  return `${dir} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`;
}
