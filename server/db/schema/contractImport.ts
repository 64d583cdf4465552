import { pgTable, uuid, text, integer, primaryKey, index } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { fileValidationReports } from './support';
import { processLogs } from './logs';

/**
 * The lease companies a validated contract, stock or termination file holds rows of (by DI
 * Customer Id, lower case), read once by the nightly contract and stock import, and whether the
 * import has applied the file to each of them. A file is applied to a company once: `applied_at`
 * set in the transaction of its last rows, with the process log entry that did it.
 */
export const importFileCompanies = pgTable(
  'import_file_companies',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => fileValidationReports.id),
    diCustomerId: text('di_customer_id').notNull(),
    /** The company's data rows in the file. */
    rowCount: integer('row_count').notNull(),
    appliedAt: tz('applied_at'),
    processLogId: uuid('process_log_id').references(() => processLogs.id),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.diCustomerId] }), index('import_file_companies_customer_idx').on(t.diCustomerId)],
);
