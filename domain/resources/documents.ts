import { menuView, type MenuName } from '../permissions';
import { ownerIds, type DocumentOwner } from '../documentOwners';
import type { GetDocumentsResponse } from '../documents';
import { defineResource, type ResourceDecl } from './types';
import { parentList } from './subCollection';

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
function documentsOf(kind: DocumentOwner['kind']): ResourceDecl {
  const { name, parent } = OWNERS[kind];
  const target = `${parent}Id`;
  return defineResource({
    name,
    label: 'Document',
    route: menuView(parent),
    parent: { resource: parent, target },
    records: {
      getList: parentList({
        slug: 'admin/getDocuments',
        target,
        request: (id) => ownerIds({ kind, id: id ?? '' }),
        rows: (answer: GetDocumentsResponse) => answer.documents.map((doc) => ({ ...doc, id: doc.fileId })),
      }),
    },
  });
}

export const customerDocumentResource = documentsOf('leaseCompany');
export const groupDocumentResource = documentsOf('group');
export const supplierDocumentResource = documentsOf('supplier');

/** The resource holding `owner`'s documents, and the field naming its owner. */
export function documentsResource(owner: DocumentOwner): { resource: string; target: string } {
  const { name, parent } = OWNERS[owner.kind];
  return { resource: name, target: `${parent}Id` };
}
