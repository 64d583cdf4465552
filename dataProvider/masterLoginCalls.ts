import { COMPANY_LOOKUP_SIZE, updateUserDetailsOf } from '../domain/masterLoginRequests';
import type { CompanyChoice, MasterUser, MasterUsersQuery, MasterUsersResponse, MasterUserType } from '../domain/masterLogins';
import { customerResource } from '../domain/resources/customer';
import { groupResource } from '../domain/resources/group';
import type { DataIo } from './routing';

/** Master logins' calls (spec 3 §7), as typed methods of the console's dataProvider. */
export interface MasterLoginCalls {
  /** One page of a tab's master logins, from the cursor of the page before. */
  masterUsers(query: MasterUsersQuery, signal?: AbortSignal): Promise<MasterUsersResponse>;
  /**
   * Moves the login to `company` at the version the list showed. Field errors about the company
   * come back under the drawer's one field, `company`.
   */
  reassignLogin(user: MasterUser, type: MasterUserType, company: CompanyChoice): Promise<{ success: true }>;
  /** The companies a login of the tab may move to, by name (spec 3 §7 "Search service queries"). */
  companiesByName(type: MasterUserType, text: string, signal?: AbortSignal): Promise<CompanyChoice[]>;
}

/** Where the server names the company of userDetails. */
const COMPANY_FIELDS = ['userDetails.company', 'userDetails.companyId', 'userDetails.accountObjectID'];

export function masterLoginCalls(io: DataIo): MasterLoginCalls {
  return {
    masterUsers: (query, signal) => io.call('admin/getMasterUsers', { method: 'POST', body: query, signal }) as Promise<MasterUsersResponse>,
    reassignLogin: (user, type, company) =>
      (io.call('admin/updateUserDetails', { method: 'POST', body: updateUserDetailsOf(user, type, company) }) as Promise<{ success: true }>).catch((error: unknown) => {
        const body = (error as { body?: { errors?: Record<string, string> } } | null)?.body;
        if (body?.errors) body.errors = Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [COMPANY_FIELDS.includes(k) ? 'company' : k, v]));
        throw error;
      }),
    companiesByName: async (type, text, signal) => {
      // Active lease companies (status ACTIVE), or groups (live: a group's only status), by name.
      const [search, filter] = type === 'CUSTOMER' ? [customerResource.search, { q: text, status: 'ACTIVE' }] : [groupResource.search, { q: text, status: 'live' }];
      const { data } = await io.search(search, { filter, pagination: { page: 1, perPage: COMPANY_LOOKUP_SIZE }, sort: { field: 'name', order: 'ASC' }, meta: { facets: [] }, signal });
      return data.map((c) => ({ id: String(c.id), name: String(c.name) }));
    },
  };
}
