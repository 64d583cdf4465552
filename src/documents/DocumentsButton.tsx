import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useCanAccess, useRefresh } from 'react-admin';
import { ownerTopic, type DocumentOwner } from '../../domain/documents';
import { customerResource } from '../../domain/resources/customer';
import { groupResource } from '../../domain/resources/group';
import { supplierResource } from '../../domain/resources/supplier';
import { useLiveTopic } from '../ui/useLiveTopic';
import { DocumentsDrawer } from './DocumentsDrawer';

/** The entity whose uploadDocuments action lets the drawer add and delete documents. */
const OWNER_RESOURCE: Record<DocumentOwner['kind'], string> = { leaseCompany: customerResource.name, group: groupResource.name, supplier: supplierResource.name };

/**
 * The document action of a search card (spec 1 §2, spec 2 §2.1): 'Documents' with the owner's
 * document count (documentCount of the search index), opening the Documents drawer. When the
 * owner's documents change, from here or from another console, the search is read again so the
 * count follows.
 */
export function DocumentsButton({ kind, id, name, count }: { kind: DocumentOwner['kind']; id: string; name: string; count: number }) {
  const { canAccess: canUpload } = useCanAccess({ resource: OWNER_RESOURCE[kind], action: 'uploadDocuments' });
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
      <Button
        variant="outlined"
        startIcon={<DescriptionOutlinedIcon />}
        aria-label={`Documents (${count})`}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Documents
        <Box
          component="span"
          aria-hidden
          sx={{ ml: 1, minWidth: 22, px: 0.75, borderRadius: 11, bgcolor: count ? 'primary.main' : 'action.selected', color: count ? 'primary.contrastText' : 'text.secondary', fontSize: 12, lineHeight: '20px', fontWeight: 700, textAlign: 'center' }}
        >
          {count}
        </Box>
      </Button>
      {used && <DocumentsDrawer open={open} owner={owner} ownerName={name} canEdit={canUpload === true} onClose={() => setOpen(false)} onChanged={refresh} />}
    </>
  );
}
