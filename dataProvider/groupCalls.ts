import type { GroupLeaseCompany } from '../domain/groups';
import type { InviteSentResponse, InviteUserForm } from '../domain/invites';
import type { AdminUser } from '../domain/session';
import type { DataIo } from './routing';

/** The group screens' calls beyond react-admin's verbs (spec 2 §7), as typed methods of the console's dataProvider. */
export interface GroupCalls {
  /** Every DI Group Id, for 'Group Id already exists' as the user types. */
  groupIds(signal?: AbortSignal): Promise<string[]>;
  /** Invites from the group area make a super user of the group (ours: isAdmin true, as the other areas' invites do). */
  inviteGroupUser(group: { id: string; name: string; supplierCreationType: string | null }, form: InviteUserForm, invitedBy: AdminUser | undefined): Promise<InviteSentResponse>;
  /** The link `leaseAccountId` of lease company `leaseId` to group `accountId` becomes TERMINATED. */
  unlinkLeaseCompany(link: { leaseId: string; accountId: string; leaseAccountId: string }, performedBy: AdminUser | undefined): Promise<{ success: true }>;
  /** The paybill configuration's two lists: the group's direct-paybill linked customers and those on 'Direct'. */
  paybillLists(accountId: string, signal?: AbortSignal): Promise<{ eligible: GroupLeaseCompany[]; direct: GroupLeaseCompany[] }>;
  /** Saves the whole 'Direct' list. */
  saveDirectPaybill(accountId: string, directCustomerIds: string[], by: AdminUser | undefined): Promise<{ success: true; directCustomerIds: string[] }>;
}

type Companies = { leaseCompanies: GroupLeaseCompany[] };

export function groupCalls(io: DataIo): GroupCalls {
  return {
    groupIds: async (signal) => ((await io.call('admin/getSupplierGroupIds', { method: 'GET', signal })) as { ids: string[] }).ids,
    inviteGroupUser: (group, form, invitedBy) =>
      io.call('admin/createGroupUserInvite', {
        method: 'POST',
        body: { ...form, groupName: group.name, accountId: group.id, invitedById: invitedBy?.uid ?? null, isAdmin: true, supplierCreationType: group.supplierCreationType },
      }) as Promise<InviteSentResponse>,
    unlinkLeaseCompany: (link, performedBy) =>
      io.call('supplier/unlinkLeaseCompanyFromGroup', { method: 'POST', body: { ...link, performedBy: performedBy?.uid ?? null } }) as Promise<{ success: true }>,
    paybillLists: async (accountId, signal) => {
      // Loaded here, not with the dataProvider: the customer enums are no part of the first screen.
      const { DIRECT_PAYBILL_RATE_CARD_TYPES } = await import('../domain/customers/enums');
      const eligible = (await io.call('admin/listLeaseCompaniesBasedOnRateCardTypes', { method: 'POST', body: { rateCardTypes: DIRECT_PAYBILL_RATE_CARD_TYPES, accountId }, signal })) as Companies;
      const direct = (await io.call('admin/listDirectPaybillCustomersForGroup', { method: 'POST', body: { accountId }, signal })) as Companies;
      return { eligible: eligible.leaseCompanies, direct: direct.leaseCompanies };
    },
    saveDirectPaybill: (accountId, directCustomerIds, by) =>
      io.call('admin/updateDirectPaybillCustomersListForGroup', { method: 'POST', body: { directCustomerIds, groupId: accountId, user: by?.uid ?? null } }) as Promise<{ success: true; directCustomerIds: string[] }>,
  };
}
