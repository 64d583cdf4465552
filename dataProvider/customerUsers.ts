import { callApi } from './api';
import type { InviteSentResponse, InviteUserForm, LeaseUser, LeaseUsersListResponse } from '../domain/customers';
import type { AdminUser } from '../domain/session';

/** The Users and Invite User drawers' calls (spec 1 §7). */

export async function getLeaseUsers(companyId: string, signal?: AbortSignal): Promise<LeaseUser[]> {
  const { users } = await callApi<LeaseUsersListResponse>('admin/getLeaseUsersList', { body: { companyId }, signal });
  return users;
}

/** Invites from the customer area make super users (spec 1 §6: isSuperAdmin true). */
export function inviteLeaseUser(customer: { id: string; name: string }, form: InviteUserForm, invitedBy: AdminUser | undefined): Promise<InviteSentResponse> {
  return callApi('admin/createLeaseUserInvite', {
    body: { ...form, company: customer.name, leaseId: customer.id, invitedById: invitedBy?.uid ?? null, isSuperAdmin: true },
  });
}

export function deleteLeaseUser(user: LeaseUser): Promise<{ success: boolean }> {
  return callApi('admin/deleteLeaseUser', { body: { leaseUserId: user.id } });
}

export function resendLeaseUserInvite(user: LeaseUser, customer: { name: string }, by: AdminUser | undefined): Promise<{ success: boolean; inviteSent: boolean }> {
  return callApi('admin/resendLeaseUserInvite', {
    body: {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      company: customer.name,
      invitedById: by?.uid ?? null,
      isAdmin: user.isAdmin,
      isInvite: user.isInvite,
      user: by ? { id: by.uid, firstname: by.firstname, lastname: by.lastname, email: by.email } : undefined,
    },
  });
}

export function reactivateLeaseUser(user: LeaseUser, by: AdminUser | undefined): Promise<{ success: boolean }> {
  return callApi('admin/reactivateUser', {
    body: {
      userId: user.id,
      eventLogData: {
        reactivatedBy: by ? { id: by.uid, firstname: by.firstname, lastname: by.lastname, email: by.email } : null,
        reactivatedUser: { id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email },
      },
    },
  });
}
