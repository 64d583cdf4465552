import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useRefresh } from 'react-admin';
import { topics } from '../../../domain/live';
import { useCan } from '../../../src/layout/useSession';
import { DocumentsDrawer } from '../../../src/documents/DocumentsDrawer';
import { useLiveTopic } from '../../../src/ui/useLiveTopic';
import type { CustomerHit } from './customerHit';

/**
 * The document action of a customer card (spec 1 §2): 'Documents' with the customer's document
 * count (documentCount of the search index), opening the Documents drawer. When the customer's
 * documents change, from here or from another console, the search is read again so the count
 * follows.
 */
export function DocumentsAction({ hit }: { hit: CustomerHit }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const refresh = useRefresh();
  const id = String(hit.id);
  const owner = useMemo(() => ({ kind: 'leaseCompany', id }) as const, [id]);
  const count = typeof hit.documentCount === 'number' ? hit.documentCount : 0;
  useLiveTopic(topics.leaseCompany(id), (message) => {
    if (message.payload.op === 'documents') refresh();
  });
  return (
    <>
      <Button variant="outlined" startIcon={<DescriptionOutlinedIcon />} aria-label={`Documents (${count})`} onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
        Documents
        <Box
          component="span"
          aria-hidden
          sx={{ ml: 1, minWidth: 22, px: 0.75, borderRadius: 11, bgcolor: count ? 'primary.main' : 'action.selected', color: count ? 'primary.contrastText' : 'text.secondary', fontSize: 12, lineHeight: '20px', fontWeight: 700, textAlign: 'center' }}
        >
          {count}
        </Box>
      </Button>
      <DocumentsDrawer open={open} owner={owner} ownerName={hit.name} canEdit={can('UPLOAD_DOCUMENTS', 'edit')} onClose={() => setOpen(false)} onChanged={refresh} />
    </>
  );
}
