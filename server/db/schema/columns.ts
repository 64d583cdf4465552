import { integer, text, timestamp, uuid, customType, doublePrecision } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Columns every editable record carries (ARCHITECTURE "Data"). */
export const editable = () => ({
  version: integer('version').notNull().default(1),
  createdAt: tz('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
  modifiedAt: tz('modified_at').notNull().defaultNow(),
  modifiedBy: uuid('modified_by'),
});

/** The address columns shared by customers, groups, suppliers and registrations. */
export const addressColumns = () => ({
  addressNumber: text('address_number'),
  address1: text('address1'),
  address2: text('address2'),
  address3: text('address3'),
  county: text('county'),
  postCode: text('post_code'),
});

export const geoColumns = () => ({
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
});
