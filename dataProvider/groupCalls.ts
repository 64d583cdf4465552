import type { InviteSentResponse, InviteUserForm } from '../domain/invites';
import type { AdminUser } from '../domain/session';
import type { DataIo } from './routing';

/**
 * The group screens' actions beyond react-admin's verbs (spec 2 §7), as typed methods of the
 * console's dataProvider; the paybill lists are the group's sub-collections (domain/resources/groupPaybill.ts).
 */
export interface GroupCalls {
  /** Every DI Group Id, for 'Group Id already exists' as the user types. */
  groupIds(signal?: AbortSignal): Promise<string[]>;
  /** Invites from the group area make a super user of the group (ours: isAdmin true, as the other areas' invites do). */
  inviteGroupUser(group: { id: string; name: string; supplierCreationType: string | null }, form: InviteUserForm, invitedBy: AdminUser | undefined): Promise<InviteSentResponse>;
  /** The link `leaseAccountId` of lease company `leaseId` to group `accountId` becomes TERMINATED. */
  unlinkLeaseCompany(link: { leaseId: string; accountId: string; leaseAccountId: string }, performedBy: AdminUser | undefined): Promise<{ success: true }>;
  /** Saves the whole 'Direct' list. */
  saveDirectPaybill(accountId: string, directCustomerIds: string[], by: AdminUser | undefined): Promise<{ success: true; directCustomerIds: string[] }>;
}

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
    saveDirectPaybill: (accountId, directCustomerIds, by) =>
      io.call('admin/updateDirectPaybillCustomersListForGroup', { method: 'POST', body: { directCustomerIds, groupId: accountId, user: by?.uid ?? null } }) as Promise<{ success: true; directCustomerIds: string[] }>,
  };
}
