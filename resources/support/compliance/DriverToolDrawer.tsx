import { Alert, Box, Paper, Typography } from '@mui/material';
import { formatAuditDate } from '../../../domain/suppliers/networkTerms/format';
import { canRestoreEmployment, DRIVER_LABELS, DRIVER_MESSAGES, driverEmailSchema, supportTool, type DriverDetails, type DriverTool } from '../../../domain/support';
import { CardField } from '../../../src/ui/details';
import { ToolDrawer } from '../ToolDrawer';
import { useToolSearch } from '../useToolSearch';
import { SearchForm } from '../SearchForm';
import { useSupportAction } from '../useSupportAction';
import { BusyButton } from '../../../src/ui/BusyButton';

/**
 * Restore Employment and Resend Driver Web Mandate (spec 3 §2.4): find drivers by e-mail, one card
 * per lease company they drive for, and the tool's action on each.
 */
export function DriverToolDrawer({ tool, open, onClose }: { tool: DriverTool; open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool={tool} open={open} onClose={onClose}>
      <DriverToolBody tool={tool} />
    </ToolDrawer>
  );
}

function DriverToolBody({ tool }: { tool: DriverTool }) {
  const { found, error, busy, search, again, clearError } = useToolSearch((dp, email: string) => dp.driverDetails(email), DRIVER_MESSAGES.notFound);
  return (
    <>
      <SearchForm label={DRIVER_LABELS.email} schema={driverEmailSchema} busy={busy} onSearch={search} onEdit={clearError} />
      {error && <Alert severity="error">{error}</Alert>}
      {found?.map((d) => (
        <DriverCard key={`${d.driverId}:${d.endDate ?? ''}`} driver={d}>
          {tool === 'restoreEmployment' ? <RestorePanel driver={d} onDone={again} /> : <ResendPanel driver={d} />}
        </DriverCard>
      ))}
    </>
  );
}

const date = (iso: string | null) => (iso ? formatAuditDate(iso) : null);
const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

/** Spec 3 §2.4: lease company, sub-customer, driver name, e-mail, employee id, the dates and the flags. */
function DriverCard({ driver: d, children }: { driver: DriverDetails; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="article" aria-label={`Driver ${d.driverName}, ${d.leaseCompanyName}`} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {d.driverName}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <CardField label="Lease Company" value={d.leaseCompanyName} />
        <CardField label="Sub Customer" value={d.subCustomerName} />
        <CardField label="Email" value={d.email} />
        <CardField label="Employee Id" value={d.employeeId} />
        <CardField label="Start Date" value={date(d.startDate)} />
        <CardField label="End Date" value={date(d.endDate)} />
        <CardField label="Mandate Sign Date" value={date(d.mandateSignDate)} />
        <CardField label="Manual Mandate" value={yesNo(d.manualMandate)} />
        <CardField label="Licence Check" value={yesNo(d.enableLicenseCheck)} />
        <CardField label="Disqualified" value={yesNo(d.disqualification)} />
      </Box>
      {children}
    </Paper>
  );
}

function Action({ label, busy, error, onClick }: { label: string; busy: boolean; error: string | null; onClick(): void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton busy={busy} variant="contained" onClick={onClick}>
          {label}
        </BusyButton>
      </Box>
    </Box>
  );
}

/** Restore Employment is offered only when an end date exists (spec 3 §5). */
function RestorePanel({ driver, onDone }: { driver: DriverDetails; onDone(): void }) {
  const action = useSupportAction(supportTool('restoreEmployment').label);
  if (!canRestoreEmployment(driver)) return <Typography variant="body2" color="text.secondary">The driver has no employment end date.</Typography>;
  const restore = async () => {
    if (await action.run((dp) => dp.restoreDriverEmployment(driver), DRIVER_MESSAGES.generic)) onDone();
  };
  return <Action label="Restore Employment" busy={action.busy} error={action.error} onClick={restore} />;
}

/** Resend: the server checks the five rules (spec 3 §5) and says which one refuses. */
function ResendPanel({ driver }: { driver: DriverDetails }) {
  const action = useSupportAction(supportTool('resendMandate').label);
  const resend = () => action.run((dp) => dp.resendDriverMandate(driver), DRIVER_MESSAGES.generic);
  return <Action label="Resend Mandate" busy={action.busy} error={action.error} onClick={resend} />;
}
