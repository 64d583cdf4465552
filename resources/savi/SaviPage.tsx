import { useId, useState } from 'react';
import { failureText } from '../../api/client';
import { useNotify } from 'react-admin';
import { Button, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { CanAccess } from 'react-admin';
import { saviResource } from '../../domain/resources/savi';
import { CREDIT_LIMIT_MESSAGES, SAVI_ROWS, type SaviRow } from '../../domain/savi';
import { PageFrame } from '../../src/layout/PageFrame';
import { useSessionState } from '../../src/layout/useSession';
import { PaybillDrawer } from './PaybillDrawer';
import { BusyButton } from '../../src/ui/BusyButton';
import { useOneAction } from '../../src/ui/useOneAction';

const TITLE = 'SAVi';

/**
 * The SAVi page (spec 3 §2.1): the area's six rows, each listed only with its permission. View
 * opens a page of the area, EDIT the paybill address drawer, Email asks for the credit limit file.
 */
export function SaviPage() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <PageFrame title={TITLE}>
      <Paper variant="outlined" sx={{ maxWidth: 720 }}>
        <Table aria-label="SAVi exports and finance tasks">
          <TableHead>
            <TableRow>
              <TableCell>Export</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SAVI_ROWS.map((row) =>
              row.access ? (
                <CanAccess key={row.label} resource={saviResource.name} action={row.access}>
                  <SaviRowLine row={row} onEdit={() => setDrawerOpen(true)} />
                </CanAccess>
              ) : (
                <SaviRowLine key={row.label} row={row} onEdit={() => setDrawerOpen(true)} />
              ),
            )}
          </TableBody>
        </Table>
      </Paper>
      <PaybillDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </PageFrame>
  );
}

/** One row: the label names the row, and describes its button (several buttons read 'View'). */
function SaviRowLine({ row, onEdit }: { row: SaviRow; onEdit(): void }) {
  const labelId = useId();
  const { action } = row;
  return (
    <TableRow>
      <TableCell id={labelId} component="th" scope="row">
        {row.label}
      </TableCell>
      <TableCell align="right">
        {action.kind === 'page' && (
          <Button component={RouterLink} to={`/savi/${action.path}`} variant="outlined" size="small" aria-describedby={labelId}>
            {row.button}
          </Button>
        )}
        {action.kind === 'paybillDrawer' && (
          <Button onClick={onEdit} variant="outlined" size="small" aria-describedby={labelId}>
            {row.button}
          </Button>
        )}
        {action.kind === 'creditLimitEmail' && <CreditLimitButton label={row.button} describedBy={labelId} />}
      </TableCell>
    </TableRow>
  );
}

/** Credit Limit Export: the request answers at once; the file follows by e-mail (spec 3 §2.1). */
function CreditLimitButton({ label, describedBy }: { label: string; describedBy: string }) {
  const { session } = useSessionState();
  const notify = useNotify();
  const requesting = useOneAction((_: void, { dataProvider }) => dataProvider.requestCreditLimitExport(session?.roles));
  const request = async () => {
    try {
      if (await requesting.run()) notify(CREDIT_LIMIT_MESSAGES.emailed, { type: 'success', title: 'Credit Limit Export' });
    } catch (err) {
      notify(failureText(err, CREDIT_LIMIT_MESSAGES.failed), { type: 'error', title: 'Credit Limit Export' });
    }
  };
  return (
    <BusyButton busy={requesting.isPending} onClick={request} variant="contained" size="small" aria-describedby={describedBy}>
      {label}
    </BusyButton>
  );
}
