import { useEffect, useRef, useState } from 'react';
import { useCanAccess, useNotify } from 'react-admin';
import { TableCell, TableRow, Typography } from '@mui/material';
import { paybillResource } from '../../domain/resources/paybill';
import { canExport, displayName, exportFailureMessage, exportPreCheck, formatAmount, jobTypeLabel, PAY_BILL_LABELS, PAY_BILL_MESSAGES, type PaybillRecord } from '../../domain/savi';
import { formatAuditDate } from '../../domain/suppliers/networkTerms/format';
import { useSessionState } from '../../src/layout/useSession';
import { formatDateTime, personName } from '../../src/network/format';
import { Lines, STICKY_ACTION } from './PayBillColumns';
import { BusyButton } from '../../src/ui/BusyButton';
import { useOneAction } from '../../src/ui/useOneAction';

const TITLE = 'Pay Bill';

interface Props {
  record: PaybillRecord;
  /** The record as the server answered it after a successful export. */
  onExported(record: PaybillRecord): void;
  onFailed(err: unknown): void;
}

/** One pay bill record (spec 3 §2.1, §3): its columns, and Export when the row rules allow it. */
export function PayBillRow({ record: r, onExported, onFailed }: Props) {
  const { session } = useSessionState();
  const notify = useNotify();
  // One answer for every row (react-admin keeps it under the resource and action); no Export until known.
  const { canAccess: mayExport } = useCanAccess({ resource: paybillResource.name, action: 'export' });
  const exporting = useOneAction((_: void, { dataProvider }) => dataProvider.exportInvoice(r, session?.user));
  // Export goes once the record is saved: focus that was on it moves to the cell saying so,
  // instead of falling to the page.
  const actionCell = useRef<HTMLTableCellElement>(null);
  const savedCell = useRef<HTMLTableCellElement>(null);
  const [focusSaved, setFocusSaved] = useState(false);
  useEffect(() => {
    if (focusSaved && r.savedToQuickBooks) savedCell.current?.focus();
  }, [focusSaved, r.savedToQuickBooks]);

  const exportIt = async () => {
    const hadFocus = actionCell.current?.contains(document.activeElement) ?? false;
    // Spec 3 §8: without the lease company's category no call is made.
    const preCheck = exportPreCheck(r);
    if (preCheck) {
      notify(preCheck, { type: 'error', title: TITLE });
      return;
    }
    try {
      const ran = await exporting.run();
      if (!ran) return;
      const answer = ran.value;
      const problem = exportFailureMessage(answer, r.supplierName);
      if (problem) notify(problem, { type: 'error', title: TITLE });
      else {
        notify(PAY_BILL_MESSAGES.exported(r.invoiceNumber), { type: 'success', title: TITLE });
        setFocusSaved(hadFocus);
        onExported(answer.record);
      }
    } catch (err) {
      onFailed(err);
    }
  };

  const action = !r.financeSupplierId ? (
    <Typography variant="body2" color="warning.dark">
      {PAY_BILL_MESSAGES.noFinanceSupplierId}
    </Typography>
  ) : canExport(r, mayExport === true) ? (
    <BusyButton busy={exporting.isPending} onClick={exportIt} size="small" variant="contained" aria-label={`${PAY_BILL_LABELS.export} ${r.invoiceNumber}`}>
      {PAY_BILL_LABELS.export}
    </BusyButton>
  ) : (
    '-'
  );
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {r.invoiceNumber}
      </TableCell>
      <TableCell>
        <Lines values={[formatAuditDate(r.taxPointDate), r.type, r.currency]} />
      </TableCell>
      <TableCell>
        <Lines values={[r.enquiryNumber, r.vrm]} />
      </TableCell>
      <TableCell>
        <Lines wrap values={[displayName(r.leaseCompanyName), displayName(r.supplierName)]} />
      </TableCell>
      <TableCell>
        <Lines wrap values={[jobTypeLabel(r.jobLineData.jobType), r.jobLineData.lineTaxCode.label]} />
      </TableCell>
      <TableCell align="right">{formatAmount(r.totalNettLineCost)}</TableCell>
      <TableCell align="right">{formatAmount(r.creditValue.value)}</TableCell>
      <TableCell>{r.financeSupplierId ?? '-'}</TableCell>
      <TableCell ref={savedCell} tabIndex={r.savedToQuickBooks ? -1 : undefined}>
        {r.savedToQuickBooks ? (
          <>
            Saved
            <Typography variant="caption" component="div" color="text.secondary">
              {[personName(r.savedBy), formatDateTime(r.savedToQuickBooksOn)].filter(Boolean).join(', ')}
            </Typography>
          </>
        ) : (
          'No'
        )}
      </TableCell>
      <TableCell ref={actionCell} sx={STICKY_ACTION}>
        {action}
      </TableCell>
    </TableRow>
  );
}
