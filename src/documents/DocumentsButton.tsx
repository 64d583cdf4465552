import { useMemo, useState, type ComponentProps } from 'react';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useCanAccess, useRefresh } from 'react-admin';
import { ownerTopic, type DocumentOwner } from '../../domain/documents';
import { customerResource } from '../../domain/resources/customer';
import { groupResource } from '../../domain/resources/group';
import { supplierResource } from '../../domain/resources/supplier';
import { useLiveTopic } from '../ui/useLiveTopic';
import { DocumentsDrawer } from './DocumentsDrawer';
import { CardButton } from '../search/CardButton';

/** The entity whose uploadDocuments action lets the drawer add and delete documents. */
const OWNER_RESOURCE: Record<DocumentOwner['kind'], string> = { leaseCompany: customerResource.name, group: groupResource.name, supplier: supplierResource.name };

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The drawer, editable when the user may upload the owner's documents (asked once it opens, not by every card). */
function OwnerDocumentsDrawer(props: Omit<ComponentProps<typeof DocumentsDrawer>, 'canEdit'>) {
  const { canAccess } = useCanAccess({ resource: OWNER_RESOURCE[props.owner.kind], action: 'uploadDocuments' });
  return <DocumentsDrawer {...props} canEdit={canAccess === true} />;
}

/**
 * The document action of a search card (spec 1 §2, spec 2 §2.1): 'Documents' with the owner's
 * document count (documentCount of the search index), opening the Documents drawer. When the
 * owner's documents change, from here or from another console, the search is read again so the
 * count follows.
 */
export function DocumentsButton({ kind, id, name, count }: { kind: DocumentOwner['kind']; id: string; name: string; count: number }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: a page of 25 cards does not hold 25 idle drawers.
  const [used, setUsed] = useState(false);
  const refresh = useRefresh();
  const owner = useMemo<DocumentOwner>(() => ({ kind, id }), [kind, id]);
  useLiveTopic(ownerTopic(owner), (message) => {
    if (message.payload.op === 'documents') refresh();
  });
  return (
    <>
      <CardButton
        startIcon={<DescriptionOutlinedIcon />}
        aria-label={`Documents (${count})`}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        style={NO_WRAP}
      >
        Documents
        <span className={count ? 'count' : 'count zero'} aria-hidden>
          {count}
        </span>
      </CardButton>
      {used && <OwnerDocumentsDrawer open={open} owner={owner} ownerName={name} onClose={() => setOpen(false)} onChanged={refresh} />}
    </>
  );
}
