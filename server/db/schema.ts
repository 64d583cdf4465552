import { pgTable, uuid, text, integer, boolean, jsonb, bigserial, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export { editable, bytea, tz } from './schema/columns';
import { editable, bytea, tz } from './schema/columns';

/** The administrators collection: only these people may sign in (spec 1 §1). */
export const administrators = pgTable(
  'administrators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A preset of domain/permissions.ts ROLE_PRESETS. */
    role: text('role').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** Consecutive failed sign-in or passcode attempts; reset by a completed sign-in. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: tz('locked_until'),
    ...editable(),
  },
  (t) => [uniqueIndex('administrators_email_key').on(sql`lower(${t.email})`)],
);

/** Server-side sessions. Only a hash of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    adminId: uuid('admin_id').notNull().references(() => administrators.id, { onDelete: 'cascade' }),
    /** 'otp': signed in with password, waiting for the passcode; 'active': fully signed in. */
    stage: text('stage').notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    absoluteExpiresAt: tz('absolute_expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_admin_idx').on(t.adminId)],
);

/** E-mailed one-time passcodes, hashed, bound to the pending session that asked for them. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').notNull().references(() => administrators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('otp_codes_session_idx').on(t.sessionId)],
);

/** Browsers where an admin chose not to be asked for a passcode for seven days. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    adminId: uuid('admin_id').notNull().references(() => administrators.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('trusted_devices_token_hash_key').on(t.tokenHash)],
);

/** Authentication events (OWASP logging vocabulary), also used for the per-account rate limit. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    event: text('event').notNull(),
    adminId: uuid('admin_id'),
    /** Lower-cased user name as typed, so attempts on unknown names are counted too. */
    userName: text('user_name'),
    ip: text('ip'),
  },
  (t) => [index('auth_events_user_at_idx').on(t.userName, t.at)],
);

/** Every e-mail the product sends. Without SMTP it stays here (status 'outbox'). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: tz('created_at').notNull().defaultNow(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Kind of message, e.g. 'otp', so tests and operators can find one without reading bodies. */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    sentAt: tz('sent_at'),
    error: text('error'),
    attachments: jsonb('attachments'),
  },
  // Newest first, the mail outbox list's default order.
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt), index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Who changed what, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull().defaultNow(),
    adminId: uuid('admin_id'),
    slug: text('slug').notNull(),
    recordType: text('record_type'),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  // A record's history, the newest changes first, and one admin's changes (the audit log's filters).
  (t) => [index('audit_log_record_idx').on(t.recordType, t.recordId), index('audit_log_at_idx').on(t.at), index('audit_log_admin_idx').on(t.adminId, t.at)],
);

/**
 * The Idempotency-Key of each call that carried one (server/rpc/idempotency.ts), per admin: the
 * call it was sent with, a hash of its body and its answer. The key is written in the transaction
 * of the call's write, so a write and its key commit together; a repeat of the key gets the stored
 * answer instead of running again. Removed after 24 hours by the idempotency-keys-cleanup job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    adminId: uuid('admin_id').notNull().references(() => administrators.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    slug: text('slug').notNull(),
    /** Hex SHA-256 of the request body (server/rpc/idempotency.ts says of what exactly); null until known. */
    requestHash: text('request_hash'),
    /** The answer's HTTP status; null while the call that wrote the key has yet to answer. */
    status: integer('status'),
    /** The answer's JSON text, sent again as it was. */
    body: text('body'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Hits of the per-IP rate limits (server/rateLimitStore.ts), one row per route and client address,
 * so a limit holds across API nodes. A row past its window is reset by the next hit and removed by
 * the idempotency-keys-cleanup job.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: tz('reset_at').notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

/**
 * Uploads in progress per admin (server/files/uploadSlots.ts), counted across API nodes. A slot
 * whose node died is never given back; it stops counting at expires_at.
 */
export const uploadSlots = pgTable(
  'upload_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('upload_slots_admin_idx').on(t.adminId)],
);

/** Secrets generated on first start and shared by every API node (CSRF, search parent key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * Search-only parent keys, one per session, limited to the collections the admin may search.
 * The console gets scoped keys derived from them (Typesense format); they die with the session.
 */
export const searchKeys = pgTable(
  'search_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    value: text('value').notNull(),
    prefix: text('prefix').notNull(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    actions: jsonb('actions').$type<string[]>().notNull(),
    collections: jsonb('collections').$type<string[]>().notNull(),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('search_keys_prefix_idx').on(t.prefix), uniqueIndex('search_keys_session_key').on(t.sessionId)],
);

/** The network: customers, groups, suppliers, enquiries, finance, logs and support data. */
export * from './schema/index';
