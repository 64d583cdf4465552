import { useCallback, useState } from 'react';
import { failureText } from '../../api/client';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { DOCUMENT_MESSAGES, ownerTopic, type DocumentOwner, type DocumentRecord } from '../../domain/documents';
import { useDataProvider, useNotify } from 'react-admin';
import { documentsResource } from '../../domain/resources/documents';
import type { ConsoleDataProvider } from '../../dataProvider';
import { PermissionButton } from '../layout/PermissionButton';
import { useLiveList } from '../ui/useLiveList';
import { useOneAction } from '../ui/useOneAction';
import { ConfirmDeleteDialog } from '../ui/ConfirmDialog';
import { PlainDrawer } from '../ui/Drawer';
import { ListStates } from '../ui/ListStates';
import { DocumentRow } from './DocumentRow';
import { UploadDocumentsDialog } from './UploadDocumentsDialog';
import { openDocument } from './openDocument';

/** Spec 1 §2 "Drawers on customer screens" and §9: the Documents drawer is 600 wide (every owner's, ours). */
export const DOCUMENTS_DRAWER_WIDTH = 600;
/** Why Upload Documents is disabled (ours). */
export const NO_UPLOAD_PERMISSION = 'You do not have permission to upload documents';
/**
 * Column widths in the drawer's 552 px: fixed, so a long label or file name cannot squeeze the
 * label column into breaking words ('Signed agreem / ent'); the label takes what the others leave.
 * Who uploaded and when share one column, a line each, so that the label has about 220 px: a
 * label of a few words ('Signed agreement') stays on one line.
 */
const COLUMNS = { uploaded: 150, actions: 152 } as const;

/** Toast title of the drawer's outcomes (ours). */
const TOAST_TITLE = 'Documents';

export interface DocumentsDrawerProps {
  open: boolean;
  /** Whose documents: a customer, a group or a supplier. */
  owner: DocumentOwner;
  /** Shown under the title. */
  ownerName: string;
  /** UPLOAD_DOCUMENTS edit: upload and delete. */
  canEdit: boolean;
  onClose(): void;
  /** After an upload or delete from here (the card refreshes its count). */
  onChanged?(): void;
}

/** The Documents drawer (spec 1 §2): the owner's documents, live, with View, Delete and Upload Documents. */
export function DocumentsDrawer({ open, owner, ownerName, canEdit, onClose, onChanged }: DocumentsDrawerProps) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // Spec 1 §7 "Document lists are read live".
  const { items: documents, error, reload } = useLiveList<DocumentRecord & { id: string }>({
    ...documentsResource(owner),
    id: owner.id,
    active: open,
    topic: ownerTopic(owner),
    op: 'documents',
  });
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState<DocumentRecord | null>(null);
  // A document being opened (a read); a deletion is followed by its action.
  const [busyId, setBusyId] = useState<string | null>(null);
  const deleting = useOneAction((doc: DocumentRecord, { dataProvider: acting }) => acting.deleteDocument(owner, doc));

  const changed = useCallback(() => {
    reload();
    onChanged?.();
  }, [onChanged, reload]);

  const view = useCallback(
    (doc: DocumentRecord) => {
      setBusyId(doc.fileId);
      openDocument(() => dataProvider.documentFile(owner, doc))
        .catch((err: unknown) => notify(failureText(err, 'The document could not be opened.'), { type: 'error', title: TOAST_TITLE }))
        .finally(() => setBusyId(null));
    },
    [dataProvider, owner, notify],
  );

  const remove = async (doc: DocumentRecord) => {
    setConfirming(null);
    try {
      if (!(await deleting.run(doc))) return;
      notify(`'${doc.label}' has been deleted`, { type: 'success', title: TOAST_TITLE });
      changed();
    } catch (err) {
      notify(failureText(err, 'The document could not be deleted.'), { type: 'error', title: TOAST_TITLE });
    }
  };

  return (
    <PlainDrawer open={open} title="Documents" titleId="documents-drawer-title" subtitle={ownerName} closeButton width={DOCUMENTS_DRAWER_WIDTH} onClose={onClose}>
      <Box>
        <PermissionButton allowed={canEdit} why={NO_UPLOAD_PERMISSION} variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)}>
          Upload Documents
        </PermissionButton>
      </Box>
      <ListStates items={documents} error={error} onRetry={reload} errorText="The documents could not be loaded." loadingLabel="Loading documents" emptyText={DOCUMENT_MESSAGES.empty}>
        {(list) => (
          <Table size="small" aria-labelledby="documents-drawer-title" sx={{ tableLayout: 'fixed' }}>
            <colgroup>
              <col />
              <col style={{ width: COLUMNS.uploaded }} />
              <col style={{ width: COLUMNS.actions }} />
            </colgroup>
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell>Label</TableCell>
                <TableCell>Uploaded</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((doc) => (
                <DocumentRow key={doc.fileId} doc={doc} canEdit={canEdit} busy={busyId === doc.fileId || deleting.variables?.fileId === doc.fileId} onView={view} onDelete={setConfirming} />
              ))}
            </TableBody>
          </Table>
        )}
      </ListStates>
      <ConfirmDeleteDialog
        item={confirming}
        id="delete-document"
        title="Delete document?"
        describe={(doc) => `'${doc.label}' (${doc.filename}) will be removed for good. Are you sure you want to delete this document?`}
        onCancel={() => setConfirming(null)}
        onConfirm={(doc) => void remove(doc)}
      />
      {uploading && canEdit && (
        <UploadDocumentsDialog owner={owner} ownerName={ownerName} onUploaded={changed} onClose={() => setUploading(false)} />
      )}
    </PlainDrawer>
  );
}
