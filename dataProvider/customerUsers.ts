import type { InviteSentResponse, InviteUserForm, LeaseUser } from '../domain/customers';
import type { AdminUser } from '../domain/session';
import type { DataIo } from './routing';

/**
 * The Users and Invite User drawers' actions (spec 1 §7), as typed methods of the console's
 * dataProvider (useDataProvider<ConsoleDataProvider>()); the list is the customerUser resource.
 */
export interface CustomerUserCalls {
  /** Invites from the customer area make super users (spec 1 §6: isSuperAdmin true). */
  inviteLeaseUser(customer: { id: string; name: string }, form: InviteUserForm, invitedBy: AdminUser | undefined): Promise<InviteSentResponse>;
  deleteLeaseUser(user: LeaseUser): Promise<{ success: boolean }>;
  resendLeaseUserInvite(user: LeaseUser, customer: { name: string }, by: AdminUser | undefined): Promise<{ success: boolean; inviteSent: boolean }>;
  reactivateLeaseUser(user: LeaseUser, by: AdminUser | undefined): Promise<{ success: boolean }>;
}

const person = (by: AdminUser) => ({ id: by.uid, firstname: by.firstname, lastname: by.lastname, email: by.email });

export function customerUserCalls(io: DataIo): CustomerUserCalls {
  const post = <T>(slug: string, body: unknown) => io.call(slug, { method: 'POST', body }) as Promise<T>;
  return {
    inviteLeaseUser: (customer, form, invitedBy) =>
      post('admin/createLeaseUserInvite', { ...form, company: customer.name, leaseId: customer.id, invitedById: invitedBy?.uid ?? null, isSuperAdmin: true }),
    deleteLeaseUser: (user) => post('admin/deleteLeaseUser', { leaseUserId: user.id }),
    resendLeaseUserInvite: (user, customer, by) =>
      post('admin/resendLeaseUserInvite', {
        id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        company: customer.name,
        invitedById: by?.uid ?? null,
        isAdmin: user.isAdmin,
        isInvite: user.isInvite,
        user: by ? person(by) : undefined,
      }),
    reactivateLeaseUser: (user, by) =>
      post('admin/reactivateUser', {
        userId: user.id,
        eventLogData: {
          reactivatedBy: by ? person(by) : null,
          reactivatedUser: { id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email },
        },
      }),
  };
}
