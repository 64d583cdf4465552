import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COUNTS_TABLE_DDL, countDims, countsDdl, countsRollupDdl, filterStatsDdl, hasRollup } from '../../server/search/counts';
import { PREFIX_COUNTS_BASE_DDL, prefixCountsMigration, prefixDimCount } from '../../server/search/prefixCounts';
import { allProjectionColumns, projectionColumns, projectionDdl, projectionSortsDdl } from '../../server/search/projection';
import { archivedEnquiries, changeWordsDdl, enquiries, filteredListIndexDdl, listSortIndexDdl, PRODUCT_COLLECTIONS, suppliers } from '../../server/search/productCollections';

const migration = readFileSync(new URL('../../server/db/migrations/0019_search_counts.sql', import.meta.url), 'utf8');
const statements = migration.split('--> statement-breakpoint').map((s) => s.replace(/^--.*\n/, '').trim());

describe('search counts declarations', () => {
  it('are in the migration exactly as the collections generate them', () => {
    const generated = [...COUNTS_TABLE_DDL, ...PRODUCT_COLLECTIONS.flatMap((c) => (c.counts ? countsDdl(c) : [])), ...PRODUCT_COLLECTIONS.flatMap(listSortIndexDdl)];
    expect(statements).toEqual(generated);
  });

  it('tell a save with its rows\' words on every table with a stored tsvector (migration 0031)', () => {
    const sql = readFileSync(new URL('../../server/db/migrations/0031_search_change_words.sql', import.meta.url), 'utf8');
    expect(sql.split('--> statement-breakpoint').map((s) => s.replace(/^--.*\n/, '').trim())).toEqual(changeWordsDdl());
    expect(changeWordsDdl().filter((s) => s.startsWith('CREATE TRIGGER') && s.includes('_search_changed_words"()')).length).toBe(new Set(PRODUCT_COLLECTIONS.map((c) => c.source)).size);
  });

  it('keep the counts over the first dimension alone where a later one is an id (migration 0032)', () => {
    const sql = readFileSync(new URL('../../server/db/migrations/0032_search_counts_rollup.sql', import.meta.url), 'utf8');
    expect(sql.split('--> statement-breakpoint').map((s) => s.replace(/^--.*\n/, '').trim())).toEqual(PRODUCT_COLLECTIONS.flatMap(countsRollupDdl));
    expect(PRODUCT_COLLECTIONS.filter(hasRollup).map((c) => c.name)).toEqual(['suppliers']);
  });

  it("keep the list orders' columns in the projections, with those orders' indexes there (migration 0033)", () => {
    const sql = readFileSync(new URL('../../server/db/migrations/0033_search_projection_sorts.sql', import.meta.url), 'utf8');
    expect(sql.split('--> statement-breakpoint').map((s) => s.replace(/^--.*\n/, '').trim())).toEqual(PRODUCT_COLLECTIONS.flatMap(projectionSortsDdl));
    expect(allProjectionColumns(suppliers)).toEqual(['seq', 'search_tsv', 'unit_status', 'group_id', 'modified_at']);
    expect(allProjectionColumns(enquiries)).toEqual(projectionColumns(enquiries));
  });

  it('count broad prefixes ahead on each projection (migrations 0036 and 0037, with the archive’s projection)', () => {
    const statements = (file: string) => readFileSync(new URL(`../../server/db/migrations/${file}`, import.meta.url), 'utf8').split('--> statement-breakpoint').map((s) => s.replace(/^--.*\n/, '').trim());
    expect(statements('0036_search_prefix_counts.sql')).toEqual([...PREFIX_COUNTS_BASE_DDL, ...prefixCountsMigration([suppliers, enquiries])]);
    expect(statements('0037_archived_enquiries_search_projection.sql')).toEqual([...projectionDdl(archivedEnquiries), 'ANALYZE "archived_enquiries_search";', ...prefixCountsMigration([archivedEnquiries])]);
    expect(PRODUCT_COLLECTIONS.filter((c) => c.projection).map((c) => [c.name, prefixDimCount(c)])).toEqual([['suppliers', 1], ['enquiries', 1], ['archivedEnquiries', 1]]);
  });

  it('give every list screen its order an index and every cached collection its counts', () => {
    for (const c of PRODUCT_COLLECTIONS) expect(c.counts, c.name).toBeDefined();
    expect(listSortIndexDdl(suppliers)).toEqual([
      `CREATE INDEX "suppliers_list_modifiedat_desc_idx" ON "suppliers" (((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC);`,
    ]);
  });

  it('give each list order, under each status a list filters on, an index (migration 0025)', () => {
    const sql = readFileSync(new URL('../../server/db/migrations/0025_search_filtered_lists.sql', import.meta.url), 'utf8');
    expect(sql.split('--> statement-breakpoint').map((s) => s.replace(/^--.*\n/, '').trim())).toEqual(PRODUCT_COLLECTIONS.flatMap(filteredListIndexDdl));
    expect(filteredListIndexDdl(enquiries)).toEqual([`CREATE INDEX "enquiries_list_status_idx" ON "enquiries" (lower(status), seq DESC) INCLUDE (status);`]);
    expect(filteredListIndexDdl(suppliers)).toEqual([
      `CREATE INDEX "suppliers_list_unit_status_modifiedat_desc_idx" ON "suppliers" (lower(unit_status), ((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC) INCLUDE (unit_status, modified_at);`,
    ]);
  });

  it('refuse a dimension that is not a single-valued string or boolean column of the row', () => {
    const field = (name: string) => suppliers.fields.find((f) => f.name === name)!;
    expect(countDims(suppliers).map((f) => f.name)).toEqual(['status', 'groupId']);
    expect(() => countDims({ ...suppliers, counts: ['servingRadius'] })).toThrow('suppliers.servingRadius cannot be a count dimension');
    expect(() => countDims({ ...suppliers, counts: ['manufacturers'] })).toThrow('cannot be a count dimension');
    expect(() => countDims({ ...suppliers, counts: ['diGroupId'] })).toThrow('cannot be a count dimension');
    expect(() => countDims({ ...suppliers, fields: [...suppliers.fields, { ...field('status'), name: 'x', sql: '(SELECT 1)' }], counts: ['x'] })).toThrow('must be a column of the row');
    expect(() => countDims({ ...suppliers, counts: ['status', 'groupId', 'supplierType', 'county'] })).toThrow('at most 3 count dimensions');
  });
});

describe('search projections', () => {
  it('are in the migration exactly as the collections generate them, with the status statistics', () => {
    const sql = readFileSync(new URL('../../server/db/migrations/0021_search_projections.sql', import.meta.url), 'utf8');
    const found = sql.split('--> statement-breakpoint').map((s) => s.replace(/^--.*\n/, '').trim());
    expect(found).toEqual([...[suppliers, enquiries].flatMap(projectionDdl), ...PRODUCT_COLLECTIONS.flatMap(filterStatsDdl)]);
  });

  it('hold the sequence, the stored tsvector and the count dimensions under their own names', () => {
    expect(projectionColumns(suppliers)).toEqual(['seq', 'search_tsv', 'unit_status', 'group_id']);
  });
});
