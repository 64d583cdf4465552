import { useState } from 'react';
import { Alert, Box, Paper, TextField, Typography } from '@mui/material';
import { isHttpError } from '../../../api/client';
import { normalizeVrm } from '../../../domain/formats';
import { CONTRACT_STATUS_LABELS } from '../../../domain/enquiries';
import {
  activationRefusal,
  REGISTRATION_MAX,
  registrationSchema,
  registrationUpdateRefusal,
  supportTool,
  VEHICLE_LABELS,
  VEHICLE_MESSAGES,
  type VehicleResult,
  type VehicleTool,
} from '../../../domain/support';
import { CardField } from '../../../src/ui/details';
import { ToolDrawer } from '../ToolDrawer';
import { useToolSearch } from '../useToolSearch';
import { Plate } from '../Plate';
import { SearchForm } from '../SearchForm';
import { useSupportAction } from '../useSupportAction';
import { BusyButton } from '../../../src/ui/BusyButton';

/**
 * One Manage Vehicle tool's drawer (spec 3 §2.4): search by registration, the vehicle card, and
 * the tool's action.
 */
export function VehicleToolDrawer({ tool, open, onClose }: { tool: VehicleTool; open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool={tool} open={open} onClose={onClose}>
      <VehicleToolBody tool={tool} />
    </ToolDrawer>
  );
}

function VehicleToolBody({ tool }: { tool: VehicleTool }) {
  const { found, error, busy, search, again, clearError } = useToolSearch((dp, vrm: string) => dp.findVehicles(vrm, tool), VEHICLE_MESSAGES.notFound);
  const vehicle = found?.[0] ?? null;
  return (
    <>
      <SearchForm
        label={VEHICLE_LABELS.registration}
        schema={registrationSchema}
        busy={busy}
        onSearch={search}
        onEdit={clearError}
        // Spec 3 §5: spaces removed, upper-cased, max length 10, as it is typed.
        normalize={normalizeVrm}
        maxLength={REGISTRATION_MAX}
      />
      {error && <Alert severity="error">{error}</Alert>}
      {vehicle && (
        <VehicleCard key={`${vehicle.vrm}:${vehicle.contractStatus}`} vehicle={vehicle}>
          {tool === 'updateVehicleRegistration' ? (
            <ToolPanel refusal={registrationUpdateRefusal(vehicle.contractStatus)}>
              <RegistrationPanel vehicle={vehicle} onDone={(vrm) => void search(vrm)} />
            </ToolPanel>
          ) : (
            <ToolPanel refusal={activationRefusal(vehicle.contractStatus)}>
              <ActivatePanel vehicle={vehicle} onDone={again} />
            </ToolPanel>
          )}
        </VehicleCard>
      )}
    </>
  );
}

/** The vehicle card (spec 3 §2.4): make, model, VIN, driver name, e-mail, number and lease company. */
function VehicleCard({ vehicle: v, children }: { vehicle: VehicleResult; children: React.ReactNode }) {
  const driver = v.driver ? `${v.driver.firstname} ${v.driver.lastname}` : null;
  return (
    <Paper variant="outlined" component="article" aria-label={`Vehicle ${v.vrm}`} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mr: 'auto' }}>
          {v.make.label} {v.model}
        </Typography>
        <Plate vrm={v.vrm} />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <CardField label="Make" value={v.make.label} />
        <CardField label="Model" value={v.model} />
        <CardField label="VIN" value={v.vin} />
        <CardField label="Contract Status" value={CONTRACT_STATUS_LABELS[v.contractStatus]} />
        <CardField label="Driver Name" value={driver} />
        <CardField label="Driver Email" value={v.driver?.email} />
        <CardField label="Driver Number" value={v.driver?.number} />
        <CardField label="Lease Company" value={v.leaseCompanyName} />
      </Box>
      {children}
    </Paper>
  );
}

/**
 * A tool's action, offered only in the vehicle's states where it works (spec 3 §4: activation for
 * terminated or awaiting-termination vehicles, registration update for active ones); otherwise
 * the spec's message says why, in place of the action.
 */
function ToolPanel({ refusal, children }: { refusal: string | null; children: React.ReactNode }) {
  if (!refusal) return <>{children}</>;
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Alert severity="info" role="status">
        {refusal}
      </Alert>
    </Box>
  );
}

/** The new registration: checked by the server (required, different, a UK plate); its error shows under the field. */
function RegistrationPanel({ vehicle, onDone }: { vehicle: VehicleResult; onDone(vrm: string): void }) {
  const action = useSupportAction(supportTool('updateVehicleRegistration').label);
  const [next, setNext] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = async () => {
    const vrm = normalizeVrm(next);
    if (!vrm) return setFieldError(VEHICLE_MESSAGES.newRequired);
    const ok = await action.run(async (dp) => {
      try {
        return await dp.updateVehicleRegistration(vehicle, vrm, action.user);
      } catch (err) {
        // A problem with the new registration belongs under its field.
        if (isHttpError(err) && err.body?.errors?.vrm) setFieldError(err.body.errors.vrm);
        throw err;
      }
    }, VEHICLE_MESSAGES.newNotValid);
    if (ok) onDone(vrm);
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void update(); }} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <TextField
        label={VEHICLE_LABELS.newRegistration}
        value={next}
        onChange={(e) => {
          setNext(e.target.value.toUpperCase());
          setFieldError(null);
          action.setError(null);
        }}
        required
        size="small"
        error={Boolean(fieldError)}
        helperText={fieldError ?? ' '}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: REGISTRATION_MAX + 2 } }}
      />
      {action.error && !fieldError && <Alert severity="error">{action.error}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton busy={action.busy} type="submit" variant="contained">
          Update Registration
        </BusyButton>
      </Box>
    </Box>
  );
}

/** Activate: offered for terminated or awaiting-termination vehicles (ToolPanel); the server refuses an active one too. */
function ActivatePanel({ vehicle, onDone }: { vehicle: VehicleResult; onDone(): void }) {
  const action = useSupportAction(supportTool('activateVehicle').label);
  const activate = async () => {
    if (await action.run((dp) => dp.activateTerminatedVehicle(vehicle, action.user), VEHICLE_MESSAGES.alreadyActive)) onDone();
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      {action.error && <Alert severity="error">{action.error}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton busy={action.busy} variant="contained" onClick={activate}>
          Activate Vehicle
        </BusyButton>
      </Box>
    </Box>
  );
}
