import { Box, Button, TableCell, TableRow, Typography } from '@mui/material';
import { formatDocumentTimestamp, type DocumentRecord } from '../../../domain/documents';
import { PermissionButton } from '../../../src/layout/PermissionButton';

/** Why Delete is disabled (ours: the spec does not word it). */
export const NO_DELETE_PERMISSION = 'You do not have permission to delete documents';
export const NOT_DELETABLE = 'This document cannot be deleted';

export interface DocumentRowProps {
  doc: DocumentRecord;
  canEdit: boolean;
  busy: boolean;
  onView(doc: DocumentRecord): void;
  onDelete(doc: DocumentRecord): void;
}

/** One document: label (and file name), who uploaded it and when, View and Delete. */
export function DocumentRow({ doc, canEdit, busy, onView, onDelete }: DocumentRowProps) {
  const labelId = `document-${doc.fileId}-label`;
  const why = !canEdit ? NO_DELETE_PERMISSION : !doc.canDelete ? NOT_DELETABLE : '';
  return (
    <TableRow hover>
      <TableCell>
        {/* Names the row's buttons: "View", which document. */}
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {doc.label}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {doc.filename}
        </Typography>
      </TableCell>
      <TableCell>{`${doc.user.firstname} ${doc.user.lastname}`.trim() || '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={doc.timestamp}>{formatDocumentTimestamp(doc.timestamp)}</time>
      </TableCell>
      <TableCell align="right">
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
