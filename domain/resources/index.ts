import type { ResourceDecl, Verb } from './types';
import { customerResource } from './customer';
import { groupResource } from './group';
import { supplierResource } from './supplier';
import { eRegistrationResource } from './eRegistration';
import { fileValidationResource } from './fileValidation';
import { masterLoginsResource } from './masterLogins';
import { processLogsResource } from './processLogs';
import { paybillDetailsResource, saviResource } from './savi';
import { supportResource } from './support';
import { paybillResource } from './paybill';
import { archivedEnquiriesResource, enquiriesResource, usersResource, vehiclesResource } from './supportSearches';
import { administratorsResource, auditLogResource } from './auditLog';
import { mailOutboxResource } from './mailOutbox';
import { adminsResource } from './admins';
import { backgroundJobsResource, jobQueuesResource, scheduledJobsResource } from './backgroundJobs';
import { customerUserResource } from './customerUsers';
import { customerDocumentResource, groupDocumentResource, supplierDocumentResource } from './documents';
import { networkExportResource, networkImportResource } from './network';
import { groupDirectPaybillCustomerResource, groupPaybillCustomerResource } from './groupPaybill';

export * from './types';

/** Every entity of the console, each declared once, in sidebar order. */
export const RESOURCES: readonly ResourceDecl[] = [
  customerResource,
  groupResource,
  supplierResource,
  eRegistrationResource,
  fileValidationResource,
  masterLoginsResource,
  processLogsResource,
  saviResource,
  supportResource,
  auditLogResource,
  mailOutboxResource,
  backgroundJobsResource,
  adminsResource,
  paybillResource,
  paybillDetailsResource,
  enquiriesResource,
  archivedEnquiriesResource,
  vehiclesResource,
  usersResource,
  administratorsResource,
  jobQueuesResource,
  scheduledJobsResource,
  customerUserResource,
  customerDocumentResource,
  groupDocumentResource,
  supplierDocumentResource,
  networkImportResource,
  networkExportResource,
  groupPaybillCustomerResource,
  groupDirectPaybillCustomerResource,
];

const BY_NAME = new Map(RESOURCES.map((r) => [r.name, r]));

/** The declaration of `name`, or undefined. */
export function resourceNamed(name: string): ResourceDecl | undefined {
  return BY_NAME.get(name);
}

/** Every slug the declarations call, with the verb or command that calls it. */
export function declaredSlugs(): { resource: string; verb: Verb | string; slug: string; method: 'GET' | 'POST' }[] {
  return RESOURCES.flatMap((r) =>
    [...Object.entries(r.records ?? {}), ...Object.entries(r.commands ?? {})].map(([verb, call]) => ({
      resource: r.name,
      verb,
      slug: call!.slug,
      method: call!.method ?? 'POST',
    })),
  );
}
