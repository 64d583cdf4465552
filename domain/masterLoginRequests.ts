import type { CompanyChoice, MasterUser, MasterUserType, UpdateUserDetailsInput } from './masterLogins';

/**
 * What the console's dataProvider needs of the master logins, without their schemas
 * (domain/masterLogins.ts), which load with the screen.
 */

/** Lookups of the drawer (spec 3 §7: active lease companies 250 per page; groups alike, ours). */
export const COMPANY_LOOKUP_SIZE = 250;

/** The request of a reassignment to `company`, in the spec's shape for the tab. */
export function updateUserDetailsOf(user: Pick<MasterUser, 'id' | 'version'>, type: MasterUserType, company: CompanyChoice): UpdateUserDetailsInput {
  return {
    userId: user.id,
    version: user.version,
    userDetails: type === 'CUSTOMER' ? { company: company.name, companyId: company.id } : { company: company.name, accountObjectID: company.id },
  };
}
