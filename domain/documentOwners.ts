import type { UploadType } from './common';

/**
 * A document list's owner and how the calls name it: what the console's dataProvider needs of the
 * documents, without their request schemas (domain/documents.ts), which load with the screens.
 */
export type DocumentOwner = { kind: 'leaseCompany' | 'group' | 'supplier'; id: string };

/** How each owner's documents are uploaded (documentUploadType). */
export const OWNER_UPLOAD_TYPE: Readonly<Record<DocumentOwner['kind'], UploadType>> = { leaseCompany: 'CUSTOMER', group: 'GROUP', supplier: 'SUPPLIER' };

/** The owner as the calls name it: exactly one of the three ids, the others null. */
export function ownerIds(owner: DocumentOwner): { leaseCompanyId: string | null; accountId: string | null; serviceUnitId: string | null } {
  return {
    leaseCompanyId: owner.kind === 'leaseCompany' ? owner.id : null,
    accountId: owner.kind === 'group' ? owner.id : null,
    serviceUnitId: owner.kind === 'supplier' ? owner.id : null,
  };
}

/** Where the call comes from; the console sends 'WEB' (ours: the spec does not list the values). */
export const DOCUMENT_PLATFORM_TYPE = 'WEB';
