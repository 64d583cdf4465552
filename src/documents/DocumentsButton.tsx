import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useRefresh } from 'react-admin';
import { ownerTopic, type DocumentOwner } from '../../domain/documents';
import { useCan } from '../layout/useSession';
import { useLiveTopic } from '../ui/useLiveTopic';
import { DocumentsDrawer } from './DocumentsDrawer';

/**
 * The document action of a search card (spec 1 §2, spec 2 §2.1): 'Documents' with the owner's
 * document count (documentCount of the search index), opening the Documents drawer. When the
 * owner's documents change, from here or from another console, the search is read again so the
 * count follows.
 */
export function DocumentsButton({ kind, id, name, count }: { kind: DocumentOwner['kind']; id: string; name: string; count: number }) {
  const can = useCan();
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
      {used && <DocumentsDrawer open={open} owner={owner} ownerName={name} canEdit={can('UPLOAD_DOCUMENTS', 'edit')} onClose={() => setOpen(false)} onChanged={refresh} />}
    </>
  );
}
