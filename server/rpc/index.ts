import type { SlugDef } from './registry';
import { authSlugs } from './auth';
import { sessionSlugs } from './session';
import { configSlugs } from './config';
import { customerSlugs } from './customers';
import { supplierSlugs } from './suppliers';
import { groupSlugs } from './groups';
import { supplierNetworkTermsSlugs } from './supplierNetworkTerms';
import { registrationSlugs } from './registrations';
import { accountingCategorySlugs } from './accountingCategories';
import { customerLogoSlugs } from './customerLogo';
import { customerUserSlugs } from './customerUsers';
import { documentSlugs } from './documents';
import { apiConfigSlugs } from './apiConfig';
import { subscriptionSlugs } from './subscriptions';
import { customerConnectionSlugs } from './customerConnections';
import { networkSlugs } from './network';
import { auditLogSlugs } from './auditLog';
import { adminsSlugs } from './admins';
import { mailOutboxSlugs } from './mailOutbox';
import { backgroundJobSlugs } from './backgroundJobs';
import { scheduledJobSlugs } from './scheduledJobs';
import { saviSlugs } from './savi';
import { payBillSlugs } from './saviPayBill';
import { fileValidationSlugs } from './fileValidation';
import { masterLoginSlugs } from './masterLogins';
import { supportEnquirySlugs } from './supportEnquiries';
import { supportInvoiceSlugs } from './supportInvoices';
import { supportVehicleSlugs } from './supportVehicles';
import { supportUserSlugs } from './supportUsers';
import { supportDriverSlugs } from './supportDrivers';
import { driverMandateSlugs } from './driverMandate';
import { supportGroupSlugs } from './supportGroups';
import { supportCodeSlugs } from './supportCodes';
import { supportMailSlugs } from './supportMail';
import { processLogSlugs } from './processLogs';
import { openApiSlug } from './openapi';

/** Every slug of the API, each declared once. The guard mounts them; a test walks them. */
export const allSlugs: SlugDef[] = [
  ...authSlugs,
  ...sessionSlugs,
  ...configSlugs,
  ...customerSlugs,
  ...supplierSlugs,
  ...groupSlugs,
  ...supplierNetworkTermsSlugs,
  ...registrationSlugs,
  ...saviSlugs,
  ...payBillSlugs,
  ...fileValidationSlugs,
  ...masterLoginSlugs,
  ...supportEnquirySlugs,
  ...supportInvoiceSlugs,
  ...supportVehicleSlugs,
  ...supportUserSlugs,
  ...supportDriverSlugs,
  ...driverMandateSlugs,
  ...supportGroupSlugs,
  ...supportCodeSlugs,
  ...supportMailSlugs,
  ...accountingCategorySlugs,
  ...customerLogoSlugs,
  ...customerUserSlugs,
  ...documentSlugs,
  ...apiConfigSlugs,
  ...subscriptionSlugs,
  ...customerConnectionSlugs,
  ...networkSlugs,
  ...auditLogSlugs,
  ...adminsSlugs,
  ...mailOutboxSlugs,
  ...backgroundJobSlugs,
  ...scheduledJobSlugs,
  ...processLogSlugs,
  // The document of all of the above, itself included.
  openApiSlug(() => allSlugs),
] as SlugDef[];
