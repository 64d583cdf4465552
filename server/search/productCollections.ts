import { columnsRead, parseSort, sortDirectionSql, sortKeySql } from './sort';
import { codeDimColumns, countDimColumns } from './counts';
import { changeTriggersSql } from './cache';
import type { CollectionDef, FieldDef, WeightLabel } from './types';

/**
 * The product's search collections over the network tables (spec 1 §7, spec 2 §2-3, spec 3 §2-3).
 * Each table has a stored `search_tsv` column (migration 0003_search_indexes) whose weight labels
 * are the `weight`s below, a GIN index on it, and trigram indexes on the searchable texts.
 */

const ADDRESS_COLUMNS = ['address_number', 'address1', 'address2', 'address3', 'county', 'post_code'];
/** Immutable, so it can be indexed; the displayed address uses concat_ws instead. */
const addressSearch = ADDRESS_COLUMNS.map((c) => `coalesce(d.${c}, '')`).join(` || ' ' || `);
const addressDisplay = `nullif(concat_ws(', ', ${ADDRESS_COLUMNS.map((c) => `nullif(d.${c}, '')`).join(', ')}), '')`;

const epoch = (col: string) => `(extract(epoch from d.${col}))::int8`;
/**
 * The same seconds for a timestamptz column, as an immutable expression (the UTC wall time's
 * epoch), so a list sorted by it can be read from an index.
 */
const utcEpoch = (col: string) => `(extract(epoch from (d.${col} AT TIME ZONE 'UTC')))::int8`;

const text = (name: string, col: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'string', sql: `d.${col}`, ...extra });
const searchable = (name: string, sql: string, weight: WeightLabel, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'string',
  sql,
  search: true,
  weight,
  filter: true,
  ...extra,
});
const code = (name: string, col: string, extra: Partial<FieldDef> = {}): FieldDef => text(name, col, { filter: true, facet: true, sort: true, code: true, ...extra });
const ref = (name: string, col: string): FieldDef => ({ name, type: 'string', sql: `d.${col}::text`, uuid: `d.${col}`, filter: true });
const flag = (name: string, col: string): FieldDef => ({ name, type: 'bool', sql: `d.${col}`, filter: true, facet: true, sort: true });
const time = (name: string, col: string): FieldDef => ({ name, type: 'int64', sql: epoch(col), filter: true, sort: true });
/** A timestamptz field a list screen sorts by. */
const sortedTime = (name: string, col: string): FieldDef => ({ ...time(name, col), sql: utcEpoch(col) });
const int = (name: string, col: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'int32', sql: `d.${col}`, filter: true, sort: true, ...extra });

const base = (name: string, table: string): Pick<CollectionDef, 'name' | 'source' | 'id' | 'seq' | 'tsvector'> => ({
  name,
  source: table,
  id: 'd.id::text',
  seq: 'd.seq',
  tsvector: 'd.search_tsv',
});

const address = (weight: WeightLabel): FieldDef => searchable('address', addressDisplay, weight, { searchSql: addressSearch, filter: false });
const location: FieldDef[] = [text('postCode', 'post_code', { filter: true }), text('county', 'county', { filter: true, facet: true })];

/** Customers (spec 1 §7): query_by name and address, filter and facet on status, sort by name. */
export const leaseCompanyIndex: CollectionDef = {
  ...base('leaseCompanyIndex', 'lease_companies'),
  // documentCount is counted from documents, so its changes must drop cached answers too.
  tables: ['lease_companies', 'documents'],
  counts: ['status'],
  listSorts: ['name:asc'],
  fields: [
    searchable('name', 'd.name', 'A', { sort: true }),
    address('B'),
    searchable('diCustomerId', 'd.di_customer_id', 'C', { typos: false, sort: true }),
    searchable('email', 'd.email', 'D'),
    code('status', 'status'),
    code('customerType', 'customer_type'),
    // Shown on the customer search cards (spec 1 §2); the address from its parts, so the card
    // formats it (postcode spaced) with the same domain rule as Customer Details.
    text('addressNumber', 'address_number'),
    text('address1', 'address1'),
    text('address2', 'address2'),
    text('address3', 'address3'),
    text('companyRegistrationNumber', 'company_registration_number', { filter: true }),
    text('vatNumber', 'vat_number', { filter: true }),
    code('rateCardType', 'rate_card_type'),
    code('currency', 'currency'),
    code('locale', 'locale'),
    text('categoryId', 'category_id', { filter: true, facet: true }),
    text('accountManager', 'account_manager', { filter: true, facet: true }),
    text('mainPhoneNumber', 'main_phone_number'),
    ...location,
    time('createdAt', 'created_at'),
    time('modifiedAt', 'modified_at'),
    time('terminatedAt', 'terminated_at'),
    // The cards' document count (spec 1 §3 "documentCount (search result)"); page rows only.
    { name: 'documentCount', type: 'int32', sql: '(SELECT count(*)::int4 FROM documents doc WHERE doc.lease_company_id = d.id)' },
  ],
};

/** A jsonb array of texts as the text[] a string[] field needs. */
const jsonTexts = (sql: string) => `ARRAY(SELECT jsonb_array_elements_text(${sql}))`;

/**
 * Suppliers (spec 2 §2.1, §7): text over name, address, DI Supplier Id and e-mail; filter and
 * facet on unit status, filter on the group; newest update first. The cards' group id, franchises,
 * enabled services and document count are read for the page's rows only.
 */
export const suppliers: CollectionDef = {
  ...base('suppliers', 'suppliers'),
  tables: ['suppliers', 'documents', 'supplier_groups'],
  // Supplier Search facets on status; Show Suppliers filters a group.
  counts: ['status', 'groupId'],
  listSorts: ['modifiedAt:desc'],
  projection: 'suppliers_search',
  fields: [
    { name: 'diGroupId', type: 'string', sql: '(SELECT g.group_id FROM supplier_groups g WHERE g.id = d.group_id)' },
    { name: 'groupName', type: 'string', sql: '(SELECT g.name FROM supplier_groups g WHERE g.id = d.group_id)' },
    { name: 'manufacturers', type: 'string[]', sql: jsonTexts('d.manufacturers') },
    { name: 'services', type: 'string[]', sql: `ARRAY(SELECT s->>'type' FROM jsonb_array_elements(d.services) s WHERE (s->>'isEnabled')::boolean)` },
    text('addressNumber', 'address_number'),
    text('address1', 'address1'),
    text('address2', 'address2'),
    text('address3', 'address3'),
    code('locale', 'locale'),
    { name: 'documentCount', type: 'int32', sql: '(SELECT count(*)::int4 FROM documents doc WHERE doc.supplier_id = d.id)' },
    searchable('name', 'd.name', 'A', { sort: true }),
    address('B'),
    searchable('supplierId', 'd.supplier_id', 'C', { typos: false, sort: true }),
    searchable('email', 'd.email', 'D'),
    code('status', 'unit_status'),
    text('supplierType', 'supplier_type', { filter: true, facet: true }),
    ref('groupId', 'group_id'),
    text('financeSupplierId', 'finance_supplier_id', { filter: true }),
    text('primaryPhoneNumber', 'primary_phone_number'),
    int('servingRadius', 'serving_radius'),
    { name: 'lat', type: 'float', sql: 'd.lat', filter: true },
    { name: 'lng', type: 'float', sql: 'd.lng', filter: true },
    ...location,
    time('createdAt', 'created_at'),
    sortedTime('modifiedAt', 'modified_at'),
    time('terminatedAt', 'terminated_at'),
  ],
};

/**
 * Groups (spec 2 §2.2, §7): text over name, address, DI Group Id and ViSN account number; newest
 * update first. The cards' address parts and document count are read for the page's rows only.
 */
export const groups: CollectionDef = {
  ...base('groups', 'supplier_groups'),
  tables: ['supplier_groups', 'documents'],
  // Group Search facets on status; the DI Network pages filter on membership and blocking.
  counts: ['status', 'belongsToDiNetwork', 'blocked'],
  listSorts: ['modifiedAt:desc'],
  fields: [
    text('addressNumber', 'address_number'),
    text('address1', 'address1'),
    text('address2', 'address2'),
    text('address3', 'address3'),
    { name: 'documentCount', type: 'int32', sql: '(SELECT count(*)::int4 FROM documents doc WHERE doc.group_id = d.id)' },
    searchable('name', 'd.name', 'A', { sort: true }),
    address('B'),
    searchable('groupId', 'd.group_id', 'C', { typos: false, sort: true }),
    searchable('visnAccountNumber', 'd.visn_account_number', 'D', { typos: false }),
    code('status', 'status'),
    flag('blocked', 'blocked'),
    flag('belongsToDiNetwork', 'belongs_to_di_network'),
    text('supplierCreationType', 'supplier_creation_type', { filter: true, facet: true }),
    code('locale', 'locale'),
    ...location,
    time('createdAt', 'created_at'),
    sortedTime('modifiedAt', 'modified_at'),
  ],
};

/** E-registrations (spec 2 §2.3): text over company, address, company number and e-mail; the cards' address parts and services. */
export const eRegistrations: CollectionDef = {
  ...base('eRegistrations', 'e_registrations'),
  counts: ['status'],
  listSorts: ['modifiedAt:desc'],
  fields: [
    text('addressNumber', 'address_number'),
    text('address1', 'address1'),
    text('address2', 'address2'),
    text('address3', 'address3'),
    { name: 'services', type: 'string[]', sql: `ARRAY(SELECT s->>'type' FROM jsonb_array_elements(d.services) s WHERE (s->>'isEnabled')::boolean)` },
    searchable('companyName', 'd.company_name', 'A', { sort: true }),
    address('B'),
    searchable('regNumber', 'd.reg_number', 'C', { typos: false }),
    searchable('email', 'd.email', 'D', { sort: true }),
    code('status', 'status'),
    ...location,
    time('createdAt', 'created_at'),
    sortedTime('modifiedAt', 'modified_at'),
    time('approvedAt', 'approved_at'),
    time('rejectedAt', 'rejected_at'),
  ],
};

const vehicleText = `d.make || ' ' || d.model`;

const enquiryFields = (): FieldDef[] => [
  searchable('enquiryNumber', 'd.enquiry_number', 'A', { typos: false, sort: true }),
  searchable('vrm', 'd.vrm', 'B', { sort: true }),
  searchable('vehicle', vehicleText, 'C'),
  searchable('description', 'd.description', 'D', { filter: false, typos: false }),
  code('status', 'status'),
  code('source', 'source'),
  code('serviceType', 'service_type'),
  code('contractStatus', 'contract_status'),
  code('rateCardType', 'rate_card_type'),
  code('currency', 'currency'),
  text('make', 'make', { filter: true, facet: true, sort: true }),
  text('model', 'model', { filter: true, facet: true }),
  text('region1', 'region1', { filter: true, facet: true }),
  ref('leaseCompanyId', 'lease_company_id'),
  ref('subCustomerId', 'sub_customer_id'),
  ref('groupId', 'group_id'),
  ref('supplierId', 'supplier_id'),
  ref('vehicleId', 'vehicle_id'),
  ref('driverId', 'driver_id'),
  flag('managed', 'managed'),
  flag('paybill', 'paybill'),
  int('quotedAmount', 'quoted_amount'),
  time('bookedFor', 'booked_for'),
  time('completedAt', 'completed_at'),
  time('cancelledAt', 'cancelled_at'),
  time('invoicedAt', 'invoiced_at'),
  time('createdAt', 'created_at'),
  time('modifiedAt', 'modified_at'),
];

// The enquiry searches facet on status and list newest first (seq, already indexed).
export const enquiries: CollectionDef = { ...base('enquiries', 'enquiries'), counts: ['status'], projection: 'enquiries_search', fields: enquiryFields() };

export const archivedEnquiries: CollectionDef = {
  ...base('archivedEnquiries', 'archived_enquiries'),
  counts: ['status'],
  // Since migration 0037, so that a broad word on the archive reads its counts ahead (prefixCounts.ts).
  projection: 'archived_enquiries_search',
  fields: [...enquiryFields(), time('archivedAt', 'archived_at'), code('archiveReason', 'archive_reason')],
};

export const vehicles: CollectionDef = {
  ...base('vehicles', 'vehicles'),
  counts: [],
  fields: [
    searchable('vrm', 'd.vrm', 'A', { sort: true }),
    searchable('vin', 'd.vin', 'B', { typos: false }),
    searchable('stockId', 'd.stock_id', 'C', { typos: false }),
    searchable('vehicle', vehicleText, 'D'),
    text('make', 'make', { filter: true, facet: true, sort: true }),
    text('model', 'model', { filter: true, facet: true }),
    code('vehicleType', 'vehicle_type'),
    code('fuelType', 'fuel_type'),
    code('contractStatus', 'contract_status'),
    text('contractProduct', 'contract_product', { filter: true, facet: true }),
    flag('managed', 'managed'),
    ref('leaseCompanyId', 'lease_company_id'),
    ref('subCustomerId', 'sub_customer_id'),
    ref('driverId', 'driver_id'),
    int('mileage', 'mileage'),
    time('registeredOn', 'registered_on'),
    time('contractEndDate', 'contract_end_date'),
    time('createdAt', 'created_at'),
  ],
};

export const users: CollectionDef = {
  ...base('users', 'users'),
  counts: [],
  fields: [
    searchable('name', `d.firstname || ' ' || d.lastname`, 'A', { sort: true }),
    searchable('email', 'd.email', 'B', { sort: true }),
    text('firstname', 'firstname', { filter: true, sort: true }),
    text('lastname', 'lastname', { filter: true, sort: true }),
    code('kind', 'kind'),
    code('status', 'status'),
    flag('isAdmin', 'is_admin'),
    flag('isInvite', 'is_invite'),
    flag('enabled', 'enabled'),
    flag('registrationComplete', 'registration_complete'),
    ref('leaseCompanyId', 'lease_company_id'),
    ref('groupId', 'group_id'),
    ref('supplierId', 'supplier_id'),
    time('lastLoginAt', 'last_login_at'),
    time('invitedAt', 'invited_at'),
    time('suspendAt', 'suspend_at'),
    time('createdAt', 'created_at'),
  ],
};

export const PRODUCT_COLLECTIONS: CollectionDef[] = [leaseCompanyIndex, suppliers, groups, eRegistrations, enquiries, archivedEnquiries, vehicles, users];

/** DDL for a collection's stored tsvector and its indexes; the migration holds its output. */
export function searchIndexDdl(c: CollectionDef): string[] {
  const bare = (sql: string) => sql.replace(/\bd\./g, '');
  const weighted = c.fields.filter((f) => f.search && f.weight);
  const tsv = weighted.map((f) => `setweight(to_tsvector('simple', coalesce(${bare(f.searchSql ?? f.sql)}, '')), '${f.weight}')`).join(' || ');
  const out = [
    `ALTER TABLE "${c.source}" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (${tsv}) STORED;`,
    `CREATE INDEX "${c.source}_search_tsv_idx" ON "${c.source}" USING gin ("search_tsv");`,
  ];
  for (const f of weighted.filter((x) => x.typos !== false)) {
    out.push(`CREATE INDEX "${c.source}_${f.name.toLowerCase()}_trgm_idx" ON "${c.source}" USING gin ((coalesce(${bare(f.searchSql ?? f.sql)}, '')) gin_trgm_ops);`);
  }
  return out;
}

/**
 * An index of one list order (sort.ts's keys, then `seq DESC`), optionally under a leading
 * expression. With one, the columns its expressions read are included too: PostgreSQL reads a page
 * from the index alone (an index-only scan) only when it holds the columns themselves.
 */
function listIndex(c: CollectionDef, sortBy: string, lead: { name: string; sql: string } | null): string {
  const bare = (sql: string) => sql.replace(/\bd\./g, '');
  const items = sortBy ? parseSort(c, sortBy, false) : [];
  const keys = items.map((s) => sortKeySql(s));
  const cols = items.map((s, i) => `(${bare(keys[i])}) ${sortDirectionSql(s)}`);
  const name = `${c.source}_list_${[...(lead ? [lead.name] : []), ...items.map((s) => `${s.field!.name.toLowerCase()}_${s.desc ? 'desc' : 'asc'}`)].join('_')}_idx`;
  const read = lead ? columnsRead([lead.sql, ...keys].join(' ')) : [];
  const include = read.length ? ` INCLUDE (${read.join(', ')})` : '';
  return `CREATE INDEX "${name}" ON "${c.source}" (${[...(lead ? [bare(lead.sql)] : []), ...cols, `${bare(c.seq)} DESC`].join(', ')})${include};`;
}

/**
 * DDL for the indexes of a collection's list orders: the sort keys exactly as the search
 * statement orders them (sort.ts), then `seq DESC`, so a wildcard page is the index's first rows.
 */
export function listSortIndexDdl(c: CollectionDef): string[] {
  return (c.listSorts ?? []).map((sortBy) => listIndex(c, sortBy, null));
}

/**
 * Migration 0025 (a unit test checks the file holds this): each list order (newest first when
 * none is declared) under each code dimension of the counts, as its filter compares it
 * (`lower(status)`). A list filtered on a rare status then reads its page from the index, where
 * walking the order's own index past the other statuses read 41,000 enquiries for page 30 of one
 * that 2 % have.
 */
export function filteredListIndexDdl(c: CollectionDef): string[] {
  const orders = c.listSorts?.length ? c.listSorts : [''];
  return codeDimColumns(c).flatMap((col) => orders.map((sortBy) => listIndex(c, sortBy, { name: col, sql: `lower(d.${col})` })));
}

/**
 * Migration 0031 (a unit test checks the file holds this): an UPDATE of a table with a stored
 * tsvector tells the words of the rows it changed, so a save drops only the cached answers those
 * words can match (cache.ts); an INSERT, DELETE or TRUNCATE still drops all the table's answers.
 */
export function changeWordsDdl(): string[] {
  return PRODUCT_COLLECTIONS.filter((c) => c.tsvector === 'd.search_tsv').flatMap((c) => {
    return [`DROP TRIGGER "${c.source}_search_changed" ON "${c.source}";`, ...changeTriggersSql(c.source, { compared: countDimColumns(c) }).map((x) => `${x};`)];
  });
}
