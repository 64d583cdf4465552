/** The nightly jobs of the process logs, each run through runNightly (runner.ts). */
import type { NightlyJob } from './runner';
import { contractImportJob } from './contractImport';
import { invoiceExportJob } from './invoiceExport';
import { billingValidationJob } from './billingValidation';
import { archiveJob } from './archive';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each job keeps its own checkpoint type
export const NIGHTLY_JOBS: readonly NightlyJob<any>[] = [contractImportJob, invoiceExportJob, archiveJob, billingValidationJob];
