import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography, alpha } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { useCanAccess, useDataProvider, useRefresh, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import {
  FINANCE_DRAWER_TITLE,
  FINANCE_DRAWER_WIDTH,
  FINANCE_FETCH_OK,
  FINANCE_MAPPING_MESSAGES,
  SUPPLIER_ACCESS_MESSAGES,
  compareWithFinance,
  type FinanceComparisonRow,
  type SupplierDetails,
} from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { formatDateTime } from '../../../src/network/format';
import { PlainDrawer, useOpenCount } from '../../../src/ui/Drawer';
import { useOneAction } from '../../../src/ui/useOneAction';

/** Success toast of Retry (ours: the spec words only the failure). */
const MAPPING_UPDATED = 'The finance supplier ID has been updated';
const MATCH_TEXT = { true: 'Matches', false: 'Differs' } as const;

function MatchMark({ match }: { match: boolean }) {
  const text = MATCH_TEXT[String(match) as 'true' | 'false'];
  return match ? <CheckCircleIcon color="success" role="img" aria-label={text} titleAccess={text} /> : <CancelIcon color="error" role="img" aria-label={text} titleAccess={text} />;
}

function ComparisonTable({ rows }: { rows: FinanceComparisonRow[] }) {
  const differ = rows.filter((r) => !r.match).length;
  return (
    <>
      <Typography role="status">{differ === 0 ? 'Every field matches the finance system.' : `${differ} ${differ === 1 ? 'field differs' : 'fields differ'} from the finance system.`}</Typography>
      <Table size="small" aria-label="Supplier compared with the finance system" sx={{ tableLayout: 'fixed' }}>
        <colgroup>
          <col style={{ width: 190 }} />
          <col />
          <col />
          <col style={{ width: 90 }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell>Fleet Network</TableCell>
            <TableCell>Finance system</TableCell>
            <TableCell>Match</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.label} sx={r.match ? undefined : { bgcolor: (t) => alpha(t.palette.error.main, 0.06), '& td, & th': { fontWeight: 600 } }}>
              <TableCell component="th" scope="row">
                {r.label}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.ours ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.theirs ?? '—'}</TableCell>
              <TableCell>
                <MatchMark match={r.match} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** The mapping exception with Retry (spec 2 §4): asks the server to find the finance system's record. */
function MappingException({ supplier }: { supplier: SupplierDetails }) {
  const { canAccess } = useCanAccess({ resource: supplierResource.name, action: 'retryFinance' });
  const notify = useNotify();
  const refresh = useRefresh();
  const resolving = useOneAction((_: void, { dataProvider }) => dataProvider.resolveFinanceException(supplier, 'FINANCE_SYSTEM_MAPPING_MISSING'));
  const busy = resolving.isPending;
  const raised = supplier.exceptions.find((e) => e.type === 'FINANCE_SYSTEM_MAPPING_MISSING' && !e.isResolved);
  const retry = async () => {
    try {
      const ran = await resolving.run();
      if (!ran) return;
      const { result } = ran.value;
      if (result.financeSupplierId) {
        notify(MAPPING_UPDATED, { type: 'success', title: FINANCE_DRAWER_TITLE });
        refresh();
      } else notify(FINANCE_MAPPING_MESSAGES.updateFailed, { type: 'error', title: FINANCE_DRAWER_TITLE });
    } catch {
      notify(FINANCE_MAPPING_MESSAGES.updateFailed, { type: 'error', title: FINANCE_DRAWER_TITLE });
    }
  };
  return (
    <Alert
      severity="warning"
      action={
        <PermissionButton allowed={canAccess} why={SUPPLIER_ACCESS_MESSAGES.noEdit} color="inherit" size="small" disabled={busy} onClick={() => void retry()}>
          {busy ? 'Retrying…' : 'Retry'}
        </PermissionButton>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {FINANCE_MAPPING_MESSAGES.exception}
      </Typography>
      <Typography variant="body2">{FINANCE_MAPPING_MESSAGES.notConfigured}</Typography>
      {raised && (
        <Typography variant="caption" color="text.secondary">
          Raised {formatDateTime(raised.timestamp)}
        </Typography>
      )}
    </Alert>
  );
}

/** The finance system's record beside ours; found only with success and message 'OK' (spec 2 §4). */
function Comparison({ supplier, financeSupplierId, opening }: { supplier: SupplierDetails; financeSupplierId: string; opening: number }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const query = useQuery({
    queryKey: ['supplier', supplier.id, 'finance', financeSupplierId, opening],
    queryFn: ({ signal }) => dataProvider.financeSupplier(financeSupplierId, signal),
    retry: false,
  });
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the finance system's record" />
      </Box>
    );
  }
  const answer = query.data;
  if (!answer || !answer.success || answer.message !== FINANCE_FETCH_OK || !answer.supplier) {
    return (
      <Alert severity="error" role="alert">
        The finance system's record of this supplier could not be read{answer?.message ? `: ${answer.message}` : ''}.
      </Alert>
    );
  }
  return <ComparisonTable rows={compareWithFinance(supplier, answer.supplier)} />;
}

/**
 * The finance-system comparison (spec 2 §2.1, §3.6, §4; 950 wide): our supplier beside the
 * finance system's record field by field, or the mapping exception with Retry when the supplier
 * has no finance supplier id.
 */
export function FinanceDrawer({ open, supplier, onClose }: { open: boolean; supplier: SupplierDetails; onClose(): void }) {
  const opening = useOpenCount(open);
  return (
    <PlainDrawer open={open} title={FINANCE_DRAWER_TITLE} subtitle={supplier.name} closeButton width={FINANCE_DRAWER_WIDTH} onClose={onClose}>
      {supplier.financeSupplierId ? (
        <>
          <Typography variant="body2" color="text.secondary">
            Finance supplier ID {supplier.financeSupplierId}
          </Typography>
          {open && <Comparison supplier={supplier} financeSupplierId={supplier.financeSupplierId} opening={opening} />}
        </>
      ) : (
        <MappingException supplier={supplier} />
      )}
    </PlainDrawer>
  );
}
