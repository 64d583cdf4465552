import { Box, Button, TableCell, TableRow, Typography } from '@mui/material';
import { formatDocumentTimestamp, type DocumentRecord } from '../../domain/documents';
import { PermissionButton } from '../layout/PermissionButton';

/** Why Delete is disabled (ours: the spec does not word it). */
export const NO_DELETE_PERMISSION = 'You do not have permission to delete documents';
export const NOT_DELETABLE = 'This document cannot be deleted';

/** Lines break between words; a single word longer than the column (a file name) is the only one split. */
const WRAP_AT_SPACES = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;

export interface DocumentRowProps {
  doc: DocumentRecord;
  canEdit: boolean;
  busy: boolean;
  onView(doc: DocumentRecord): void;
  onDelete(doc: DocumentRecord): void;
}

/** One document: label (and file name), who uploaded it (and when), View and Delete. */
export function DocumentRow({ doc, canEdit, busy, onView, onDelete }: DocumentRowProps) {
  const labelId = `document-${doc.fileId}-label`;
  const why = !canEdit ? NO_DELETE_PERMISSION : !doc.canDelete ? NOT_DELETABLE : '';
  return (
    <TableRow hover>
      <TableCell>
        {/* Names the row's buttons: "View", which document. */}
        <Typography id={labelId} variant="body2" sx={{ ...WRAP_AT_SPACES, fontWeight: 600 }}>
          {doc.label}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ...WRAP_AT_SPACES, display: 'block' }}>
          {doc.filename}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={WRAP_AT_SPACES}>
          {`${doc.user.firstname} ${doc.user.lastname}`.trim() || '—'}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="time" dateTime={doc.timestamp} sx={{ display: 'block' }}>
          {formatDocumentTimestamp(doc.timestamp)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ pl: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button size="small" variant="outlined" disabled={busy} aria-describedby={labelId} onClick={() => onView(doc)}>
            View
          </Button>
          <PermissionButton allowed={!why} why={why} size="small" variant="outlined" color="error" disabled={busy} aria-describedby={labelId} onClick={() => onDelete(doc)}>
            Delete
          </PermissionButton>
        </Box>
      </TableCell>
    </TableRow>
  );
}
