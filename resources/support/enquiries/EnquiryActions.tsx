import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { personName } from '../../../domain/common';
import { SERVICE_TYPE_LABELS, type ServiceType } from '../../../domain/suppliers';
import { formatAuditDate } from '../../../domain/suppliers/networkTerms/format';
import {
  CANCEL_REASON_MAX,
  cancelFormSchema,
  cancelMessageText,
  CONFIRM_PREFIX,
  ENQUIRY_LABELS,
  ENQUIRY_MESSAGES,
  type EnquiryResult,
  type InvoiceSearchData,
} from '../../../domain/support';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { openDocument } from '../../../src/documents/openDocument';
import { failureText } from '../../../api/client';
import { useSupportAction } from '../useSupportAction';
import { BusyButton } from '../../../src/ui/BusyButton';

/** What the drawer does after an action: search again (the enquiry changed) or clear (it left this tool's reach). */
export type AfterAction = 'refresh' | 'clear';

interface PanelProps {
  enquiry: EnquiryResult;
  title: string;
  onDone(after: AfterAction): void;
}

function ActionRow({ children, error }: { children: ReactNode; error: string | null }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>{children}</Box>
    </Box>
  );
}

function ActionButton({ busy, label, onClick, color }: { busy: boolean; label: string; onClick(): void; color?: 'error' | 'primary' }) {
  return (
    <BusyButton busy={busy} variant="contained" color={color ?? 'primary'} onClick={onClick}>
      {label}
    </BusyButton>
  );
}

/** A confirmation beginning 'This cannot be undone. Are you sure...' (spec 3 §2.4). */
function Confirm({ open, question, confirmLabel, onCancel, onConfirm }: { open: boolean; question: string; confirmLabel: string; onCancel(): void; onConfirm(): void }) {
  const id = useId();
  return <ConfirmDialog open={open} id={id} title={confirmLabel} text={`${CONFIRM_PREFIX} ${question}`} cancelLabel="No" confirmLabel="Yes" onCancel={onCancel} onConfirm={onConfirm} />;
}

/** Cancel: a reason (required, at most 200), a confirmation, then the enquiry is cancelled and the supplier told. */
export function CancelPanel({ enquiry, title, onDone }: PanelProps) {
  const action = useSupportAction(title);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = () => {
    const parsed = cancelFormSchema.safeParse({ reason });
    if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message ?? ENQUIRY_MESSAGES.reasonRequired);
    setAsking(true);
  };
  const confirm = async () => {
    setAsking(false);
    const text = reason.trim();
    // Cancelled enquiries are outside the cancel search: the card goes.
    if (await action.run((dp) => dp.cancelEnquiry(enquiry, text, cancelMessageText(enquiry.enquiryNumber, text), action.user), ENQUIRY_MESSAGES.generic)) onDone('clear');
  };
  return (
    <>
      <TextField
        label={ENQUIRY_LABELS.reason}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setReasonError(null);
        }}
        required
        multiline
        minRows={3}
        size="small"
        error={Boolean(reasonError)}
        helperText={reasonError ?? `${reason.length}/${CANCEL_REASON_MAX}`}
        slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX } }}
      />
      <ActionRow error={action.error}>
        <ActionButton busy={action.busy} label="Cancel Enquiry" color="error" onClick={ask} />
      </ActionRow>
      <Confirm open={asking} question={`you want to cancel enquiry ${enquiry.enquiryNumber}?`} confirmLabel="Cancel Enquiry" onCancel={() => setAsking(false)} onConfirm={confirm} />
    </>
  );
}

/** Revert completion: the server refuses what is not COMPLETED or is invoiced, with the spec's message. */
export function RevertPanel({ enquiry, title, onDone }: PanelProps) {
  const action = useSupportAction(title);
  const revert = async () => {
    if (await action.run((dp) => dp.revertEnquiryCompletion(enquiry, action.user), ENQUIRY_MESSAGES.generic)) onDone('refresh');
  };
  return (
    <ActionRow error={action.error}>
      <ActionButton busy={action.busy} label="Revert Completion" onClick={revert} />
    </ActionRow>
  );
}

/** Delete: every found enquiry, one call each (spec 3 §7), after one confirmation. */
export function DeletePanel({ enquiries, title, onDone }: { enquiries: EnquiryResult[]; title: string; onDone(after: AfterAction): void }) {
  const action = useSupportAction(title);
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    setAsking(false);
    let all = true;
    for (const e of enquiries) all = (await action.run((dp) => dp.deleteEnquiry(e, action.user), ENQUIRY_MESSAGES.generic)) && all;
    onDone(all ? 'clear' : 'refresh');
  };
  const what = enquiries.length === 1 ? `enquiry ${enquiries[0].enquiryNumber}` : `these ${enquiries.length} enquiries`;
  return (
    <>
      <ActionRow error={action.error}>
        <ActionButton busy={action.busy} label="Delete Enquiry" color="error" onClick={() => setAsking(true)} />
      </ActionRow>
      <Confirm open={asking} question={`you want to delete ${what}?`} confirmLabel="Delete Enquiry" onCancel={() => setAsking(false)} onConfirm={confirm} />
    </>
  );
}

/** Unarchive: back into the live enquiries, after a confirmation. */
export function UnarchivePanel({ enquiry, title, onDone }: PanelProps) {
  const action = useSupportAction(title);
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    setAsking(false);
    if (await action.run((dp) => dp.unarchiveEnquiry(enquiry), ENQUIRY_MESSAGES.generic)) onDone('clear');
  };
  return (
    <>
      <ActionRow error={action.error}>
        <ActionButton busy={action.busy} label="Unarchive Enquiry" onClick={() => setAsking(true)} />
      </ActionRow>
      <Confirm open={asking} question={`you want to unarchive enquiry ${enquiry.enquiryNumber}?`} confirmLabel="Unarchive Enquiry" onCancel={() => setAsking(false)} onConfirm={confirm} />
    </>
  );
}

/** The invoice view (number, date dd MMM yyyy, who generated it), Regenerate Invoice and View Invoice. */
export function RegeneratePanel({ enquiry, title }: PanelProps) {
  const action = useSupportAction(title);
  const [invoice, setInvoice] = useState<InvoiceSearchData | null | undefined>(undefined);
  const [loads, setLoads] = useState(0);
  const { dataProvider } = action;
  useEffect(() => {
    const abort = new AbortController();
    dataProvider.invoiceSearchData(enquiry, abort.signal).then(setInvoice, (err: unknown) => {
      if (!abort.signal.aborted) setInvoice(null);
      if (!abort.signal.aborted) action.setError(failureText(err, ENQUIRY_MESSAGES.generic));
    });
    return () => abort.abort();
    // `loads` reloads the view after each regenerate.
  }, [dataProvider, enquiry, loads]);
  const regenerate = async () => {
    if (await action.run((dp) => dp.regenerateInvoicePdf(enquiry, action.user), ENQUIRY_MESSAGES.generic)) setLoads((n) => n + 1);
  };
  const view = () => openDocument(() => dataProvider.invoicePdf(enquiry)).catch((err: unknown) => action.setError(failureText(err, ENQUIRY_MESSAGES.pdfMissing)));
  return (
    <>
      {invoice === undefined ? (
        <CircularProgress size={20} aria-label="Loading the invoice" />
      ) : invoice ? (
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }} aria-label="Invoice">
          {(
            [
              ['Invoice Number', invoice.invoiceNumber],
              ['Invoice Date', invoice.invoiceSavedDate ? formatAuditDate(invoice.invoiceSavedDate) : 'Not generated yet'],
              ['Generated By', invoice.user ? personName(invoice.user) : '—'],
            ] as const
          ).map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      <ActionRow error={action.error}>
        {invoice?.hasPdf && (
          <Button variant="outlined" onClick={view}>
            View Invoice
          </Button>
        )}
        <ActionButton busy={action.busy} label="Regenerate Invoice" onClick={regenerate} />
      </ActionRow>
    </>
  );
}

/** Update Service Type: a different type among those the lease company's configuration offers. */
export function ServiceTypePanel({ enquiry, title, onDone }: PanelProps) {
  const action = useSupportAction(title);
  const [next, setNext] = useState<ServiceType | ''>('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const options = enquiry.offeredServiceTypes.filter((t) => t !== enquiry.serviceType);
  const update = async () => {
    if (!next) return setFieldError(ENQUIRY_MESSAGES.serviceTypeRequired);
    if (await action.run((dp) => dp.updateEnquiryServiceType(enquiry, next, action.user), ENQUIRY_MESSAGES.generic)) onDone('refresh');
  };
  return (
    <>
      <Typography variant="body2">
        Current service type: <strong>{SERVICE_TYPE_LABELS[enquiry.serviceType]}</strong>
      </Typography>
      <TextField
        select
        label={`New ${ENQUIRY_LABELS.serviceType}`}
        value={next}
        onChange={(e) => {
          setNext(e.target.value as ServiceType);
          setFieldError(null);
        }}
        required
        size="small"
        error={Boolean(fieldError)}
        helperText={fieldError ?? (options.length === 0 ? 'The lease company offers no other service type' : ' ')}
      >
        {options.map((t) => (
          <MenuItem key={t} value={t}>
            {SERVICE_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <ActionRow error={action.error}>
        <ActionButton busy={action.busy} label="Update Service Type" onClick={update} />
      </ActionRow>
    </>
  );
}
