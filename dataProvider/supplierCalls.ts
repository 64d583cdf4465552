import type { DiTermsForm, EscalationForm, FinanceSupplierResponse, ResolveFinanceExceptionResponse, SupplierExceptionType } from '../domain/suppliers';
import type { InviteSentResponse, InviteUserForm, SupplierInviteResponse } from '../domain/invites';
import type { AdminUser } from '../domain/session';
import { unwrapFieldErrors, type DataIo } from './routing';

/**
 * The supplier screens' calls beyond react-admin's verbs (spec 2 §7), as typed methods of the
 * console's dataProvider.
 */
export interface SupplierCalls {
  /** The escalation contact at the version the drawer showed (null: there was none). */
  saveEscalationInformation(supplier: { id: string; accountObjectId: string }, version: number | null, escalationInformation: EscalationForm): Promise<{ success: true; version: number }>;
  /** Invites from the supplier area make a super user of the garage (ours: isAdmin true, as a customer's invite does). */
  inviteSupplierUser(supplier: { id: string; accountObjectId: string; name: string }, form: InviteUserForm, invitedBy: AdminUser | undefined): Promise<InviteSentResponse>;
  /** The finance system's record of a supplier (spec 2 §3.6); found only with success and message 'OK'. */
  financeSupplier(financeSupplierId: string, signal?: AbortSignal): Promise<FinanceSupplierResponse>;
  /** Retry of a mapping exception: the finance supplier id found and stored, or null. */
  resolveFinanceException(supplier: { id: string; accountObjectId: string }, type: SupplierExceptionType): Promise<ResolveFinanceExceptionResponse>;
  /** The DI network terms at the version the page showed (null: the first terms). */
  saveDiNetworkTerms(supplier: { id: string; accountObjectId: string; name: string }, version: number | null, diNetworkTerms: DiTermsForm): Promise<{ success: true; version: number }>;
}

export function supplierCalls(io: DataIo): SupplierCalls {
  return {
    saveEscalationInformation: (supplier, version, escalationInformation) =>
      io
        .call('admin/saveEscalationInformation', { method: 'POST', body: { accountId: supplier.accountObjectId, serviceUnitId: supplier.id, version, data: { escalationInformation } } })
        .catch((error: unknown) => {
          // The form's fields are the contact's own: 'name', not 'data.escalationInformation.name'.
          unwrapFieldErrors(error, 'data.escalationInformation.');
          throw error;
        }) as Promise<{ success: true; version: number }>,
    inviteSupplierUser: async (supplier, form, invitedBy) =>
      (
        (await io.call('admin/createSupplierUserInvite', {
        method: 'POST',
        body: {
          ...form,
          supplierName: supplier.name,
          serviceUnit: { value: supplier.id, label: supplier.name },
          accountId: supplier.accountObjectId,
          invitedById: invitedBy?.uid ?? null,
          isAdmin: true,
        },
      })) as SupplierInviteResponse
      ).success,
    financeSupplier: (financeSupplierId, signal) =>
      io.call('quickBooks/fetchQuickBooksSupplierDetails', { method: 'POST', body: { financeSupplierId }, signal }) as Promise<FinanceSupplierResponse>,
    resolveFinanceException: (supplier, type) =>
      io.call('quickBooks/resolveQuickBooksSupplierException', { method: 'POST', body: { type, serviceUnitId: supplier.id, accountId: supplier.accountObjectId } }) as Promise<ResolveFinanceExceptionResponse>,
    saveDiNetworkTerms: (supplier, version, diNetworkTerms) =>
      io
        .call('admin/saveSupplierDiNetworkTerms', { method: 'POST', body: { serviceUnitId: supplier.id, accountId: supplier.accountObjectId, name: supplier.name, version, diNetworkTerms } })
        .catch((error: unknown) => {
          // The form's fields are the terms' own: 'rebate', not 'diNetworkTerms.rebate'.
          unwrapFieldErrors(error, 'diNetworkTerms.');
          throw error;
        }) as Promise<{ success: true; version: number }>,
  };
}
