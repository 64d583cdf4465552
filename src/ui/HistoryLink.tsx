import { Button } from '@mui/material';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess } from 'react-admin';
import { auditLogResource } from '../../domain/resources/auditLog';

/** The audit log filtered to one record, newest first. */
export function historyPath(recordType: string, recordId: string): string {
  return `/${auditLogResource.name}?${new URLSearchParams({ filter: JSON.stringify({ recordType, recordId }), sort: 'at', order: 'DESC' })}`;
}

/** 'History': a record's entries in the audit log, for those who may read it; on every details page. */
export function HistoryLink({ recordType, recordId }: { recordType: string; recordId: string }) {
  const { canAccess } = useCanAccess({ resource: auditLogResource.name, action: 'list' });
  if (!canAccess) return null;
  return (
    <Button variant="outlined" component={RouterLink} to={historyPath(recordType, recordId)} startIcon={<HistoryOutlinedIcon aria-hidden="true" />}>
      History
    </Button>
  );
}
