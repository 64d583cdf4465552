import type { ApprovalForm, ApproveSupplierResponse } from '../domain/registrations';
import type { AdminUser } from '../domain/session';
import { unwrapFieldErrors, type DataIo } from './routing';

/** The e-registration screens' decisions (spec 2 §7), as typed methods of the console's dataProvider. */
export interface RegistrationCalls {
  /** NEW to REJECTED with the reason, at the version the page showed. */
  rejectRegistration(registration: { id: string; version: number; email: string }, reasonForRejection: string): Promise<{ success: true }>;
  /** Approves into a live supplier; field errors come back under the form's own paths. */
  approveRegistration(registration: { id: string; version: number }, supplierData: ApprovalForm, by: AdminUser | undefined): Promise<ApproveSupplierResponse>;
}

export function registrationCalls(io: DataIo): RegistrationCalls {
  return {
    rejectRegistration: (r, reasonForRejection) =>
      io
        .call('eOnBoarding/rejectSupplier', { method: 'POST', body: { inviteId: r.id, version: r.version, rejectData: { reasonForRejection, status: 'rejected', email: r.email } } })
        .catch((error: unknown) => {
          unwrapFieldErrors(error, 'rejectData.');
          throw error;
        }) as Promise<{ success: true }>,
    approveRegistration: (r, supplierData, by) =>
      io.call('eOnBoarding/approveSupplier', { method: 'POST', body: { inviteId: r.id, version: r.version, supplierData, user: by?.uid ?? null } }).catch((error: unknown) => {
        unwrapFieldErrors(error, 'supplierData.');
        throw error;
      }) as Promise<ApproveSupplierResponse>,
  };
}
