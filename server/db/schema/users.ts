import { pgTable, uuid, text, boolean, bigserial, index, uniqueIndex, jsonb } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editable, tz } from './columns';
import { leaseCompanies } from './customers';
import { supplierGroups } from './groups';
import { suppliers } from './suppliers';
import type { UserKind, UserStatus } from '../../../domain/support';

/**
 * Lease, supplier and group users in one table (spec 1 §3 "User", spec 3 "Support user",
 * "Master-login user"). Deleting a user sets status DELETED; the row stays.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    kind: text('kind').$type<UserKind>().notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<UserStatus>().notNull().default('INVITE_SENT'),
    /** A super user of its company ('This is a super user'). */
    isAdmin: boolean('is_admin').notNull().default(false),
    isInvite: boolean('is_invite').notNull().default(true),
    enabled: boolean('enabled').notNull().default(false),
    registrationComplete: boolean('registration_complete').notNull().default(false),
    /** suspendTimestampAfterEpoch: the login counts as suspended once this is past. */
    suspendAt: tz('suspend_at'),
    reactivatedAt: tz('reactivated_at'),
    lastLoginAt: tz('last_login_at'),
    invitedAt: tz('invited_at'),
    inviteExpiresAt: tz('invite_expires_at'),
    invitedById: uuid('invited_by_id'),
    /** Lease users: their company (companyId). */
    leaseCompanyId: uuid('lease_company_id').references(() => leaseCompanies.id),
    /** Group and supplier users: their group (accountObjectID). */
    groupId: uuid('group_id').references(() => supplierGroups.id),
    /** Supplier users: their service unit. */
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    supplierCreationType: text('supplier_creation_type'),
    /**
     * A master login (spec 3 §2.3): a login the network's staff use to see a lease company's or a
     * supplier group's side as its users do; Master Logins moves it between companies.
     */
    masterLogin: boolean('master_login').notNull().default(false),
    /** When support marked the e-mail address verified (Verify User, spec 3 §2.4). */
    emailVerifiedAt: tz('email_verified_at'),
    /**
     * What the network apps' sessions of this user may do (role, company, group, service unit,
     * super user), as last derived from this row; Support's claims update derives it again.
     */
    claims: jsonb('claims').$type<Record<string, unknown>>(),
    claimsUpdatedAt: tz('claims_updated_at'),
    ...editable(),
  },
  (t) => [
    uniqueIndex('users_seq_key').on(t.seq),
    /** 'Email Id already exists': one live user per address. */
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`).where(sql`${t.status} <> 'DELETED'`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_kind_status_idx').on(t.kind, t.status),
    index('users_lease_idx').on(t.leaseCompanyId),
    index('users_group_idx').on(t.groupId),
    index('users_supplier_idx').on(t.supplierId),
    index('users_master_login_idx').on(t.kind, t.lastname, t.firstname, t.id).where(sql`${t.masterLogin}`),
  ],
);
