import { menuView, type MenuName } from '../permissions';
import { ownerIds, type DocumentOwner } from '../documentOwners';
import type { GetDocumentsResponse } from '../documents';
import { defineSubCollection } from './subCollection';

/** Each owner's documents as a resource of its own, under its owner's entity. */
const OWNERS: Readonly<Record<DocumentOwner['kind'], { name: string; parent: MenuName }>> = {
  leaseCompany: { name: 'customerDocument', parent: 'customer' },
  group: { name: 'groupDocument', parent: 'group' },
  supplier: { name: 'supplierDocument', parent: 'supplier' },
};

/**
 * The documents of a customer, a group or a supplier (spec 1 §2 Documents drawer), newest first,
 * through admin/getDocuments; a document is keyed by its file id.
 */
function documentsOf(kind: DocumentOwner['kind']) {
  const { name, parent } = OWNERS[kind];
  return defineSubCollection({
    name,
    label: 'Document',
    route: menuView(parent),
    parent: { resource: parent, target: `${parent}Id` },
    slug: 'admin/getDocuments',
    request: (id) => ownerIds({ kind, id: id ?? '' }),
    rows: (answer: GetDocumentsResponse) => answer.documents.map((doc) => ({ ...doc, id: doc.fileId })),
  });
}

const BY_OWNER = { leaseCompany: documentsOf('leaseCompany'), group: documentsOf('group'), supplier: documentsOf('supplier') };

export const customerDocumentResource = BY_OWNER.leaseCompany;
export const groupDocumentResource = BY_OWNER.group;
export const supplierDocumentResource = BY_OWNER.supplier;

/** The resource holding `owner`'s documents, and the field naming its owner. */
export function documentsResource(owner: DocumentOwner): { resource: string; target: string } {
  const decl = BY_OWNER[owner.kind];
  return { resource: decl.name, target: decl.parent.target };
}
