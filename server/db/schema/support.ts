import { pgTable, uuid, text, integer, boolean, jsonb, bigserial, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editable, tz } from './columns';
import { files } from './files';
import type { PersonRef, ProcessIndicator } from '../../../domain/common';

/** Mail delivery events per recipient (spec 3 "Mail event log entry"). */
export const mailEvents = pgTable(
  'mail_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The delivery provider's event id. */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    at: tz('at').notNull(),
    deliveryStatusCode: integer('delivery_status_code'),
    deliveryStatusMessage: text('delivery_status_message'),
    deliveryStatusDescription: text('delivery_status_description'),
    subject: text('subject'),
    templateName: text('template_name'),
    recipient: text('recipient').notNull(),
    messageId: text('message_id'),
    /** The queued e-mail this event belongs to (user-variables documentPath), used by resend. */
    documentPath: text('document_path'),
  },
  (t) => [index('mail_events_recipient_idx').on(sql`lower(${t.recipient})`, t.at)],
);

/**
 * The tokens of the mail provider's signed webhook posts already taken, so each is taken once
 * (server/integrations/mail/route.ts). Kept only while their timestamp is inside the replay window.
 */
export const mailWebhookTokens = pgTable(
  'mail_webhook_tokens',
  {
    token: text('token').primaryKey(),
    signedAt: tz('signed_at').notNull(),
  },
  (t) => [index('mail_webhook_tokens_signed_idx').on(t.signedAt)],
);

/** ViSN/HP job codes mapped to external SMR codes (spec 3 "Job code mapping"). */
export const jobCodeMappings = pgTable('job_code_mappings', {
  jobCode: text('job_code').primaryKey(),
  externalCode: text('external_code').notNull(),
  description: text('description'),
  ...editable(),
});

/** Bulk file validation runs (spec 3 "File validation report"). */
export const fileValidationReports = pgTable(
  'file_validation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    validationType: text('validation_type').notNull(),
    fileName: text('file_name').notNull(),
    fileId: uuid('file_id').references(() => files.id),
    logFileId: uuid('log_file_id').references(() => files.id),
    uploadedBy: jsonb('uploaded_by').$type<PersonRef>().notNull(),
    uploadedAt: tz('uploaded_at').notNull().defaultNow(),
    isProcessing: boolean('is_processing').notNull().default(true),
    processIndicator: text('process_indicator').$type<ProcessIndicator>().notNull().default('LOADING'),
    validationStatus: boolean('validation_status'),
    error: text('error'),
    /** Data rows read, and the problems the log lists (once the run is done). */
    rowCount: integer('row_count'),
    errorCount: integer('error_count'),
    completedAt: tz('completed_at'),
  },
  (t) => [index('file_validation_reports_uploaded_idx').on(t.uploadedAt)],
);
