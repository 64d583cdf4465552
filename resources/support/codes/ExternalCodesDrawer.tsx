import { useState } from 'react';
import { Alert, Box, Button, Paper, TextField } from '@mui/material';
import { isHttpError } from '../../../api/client';
import { conflictFromError } from '../../../dataProvider/conflict';
import {
  EXTERNAL_CODE_LABELS,
  EXTERNAL_CODE_MAX,
  EXTERNAL_CODE_MESSAGES,
  externalCodeSchema,
  jobCodeSearchSchema,
  supportTool,
  type ExternalCodeMapping,
} from '../../../domain/support';
import { ToolDrawer } from '../ToolDrawer';
import { useToolSearch } from '../useToolSearch';
import { SearchForm } from '../SearchForm';
import { useSupportAction } from '../useSupportAction';
import { BusyButton } from '../../../src/ui/BusyButton';

/**
 * Manage External Codes (spec 3 §2.4): search a ViSN/HP job code, then edit its mapped external
 * code; the job code itself is read-only.
 */
export function ExternalCodesDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool="externalCodes" open={open} onClose={onClose}>
      <ExternalCodesBody />
    </ToolDrawer>
  );
}

function ExternalCodesBody() {
  const { found: mapping, error, busy, search, show, clearError } = useToolSearch((dp, jobCode: string) => dp.findExternalCode(jobCode), EXTERNAL_CODE_MESSAGES.notFound);
  return (
    <>
      <SearchForm label={EXTERNAL_CODE_LABELS.search} schema={jobCodeSearchSchema} busy={busy} onSearch={search} onEdit={clearError} />
      {error && <Alert severity="error">{error}</Alert>}
      {mapping && <MappingForm key={`${mapping.jobCode}:${mapping.version}`} mapping={mapping} onSaved={show} />}
    </>
  );
}

/**
 * The code form: the job code read-only, the external code checked here and again by the server
 * (its message shows under the field). A save refused because someone else saved first offers
 * their mapping.
 */
function MappingForm({ mapping, onSaved }: { mapping: ExternalCodeMapping; onSaved(m: ExternalCodeMapping): void }) {
  const action = useSupportAction(supportTool('externalCodes').label);
  const [externalCode, setExternalCode] = useState(mapping.externalCode);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<ExternalCodeMapping | null>(null);
  const save = async () => {
    const parsed = externalCodeSchema.safeParse(externalCode);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? EXTERNAL_CODE_MESSAGES.externalCodeNotValid);
    const result: { saved?: ExternalCodeMapping } = {};
    const ok = await action.run(async (dp) => {
      try {
        const answer = await dp.saveExternalCode({ ...mapping, externalCode: parsed.data });
        result.saved = answer.mapping;
        return answer;
      } catch (err) {
        // A problem with the external code belongs under its field.
        if (isHttpError(err) && err.body?.errors?.externalCode) setFieldError(err.body.errors.externalCode);
        // A 409 carries the mapping as someone else saved it: offered as Reload.
        const current = conflictFromError(err)?.current;
        setTheirs(current ? (current as unknown as ExternalCodeMapping) : null);
        throw err;
      }
    }, EXTERNAL_CODE_MESSAGES.saveFailed);
    if (ok && result.saved) onSaved(result.saved);
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={`${EXTERNAL_CODE_LABELS.jobCode} ${mapping.jobCode}`}
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void save();
      }}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        label={EXTERNAL_CODE_LABELS.jobCode}
        value={mapping.jobCode}
        required
        size="small"
        helperText=" "
        // Shaded so it reads as fixed: the mapping is found by it and only its external code changes.
        slotProps={{ htmlInput: { readOnly: true }, input: { sx: { bgcolor: 'action.hover' } } }}
      />
      <TextField
        label={EXTERNAL_CODE_LABELS.externalCode}
        value={externalCode}
        onChange={(e) => {
          setExternalCode(e.target.value);
          setFieldError(null);
          action.setError(null);
        }}
        required
        size="small"
        error={Boolean(fieldError)}
        helperText={fieldError ?? ' '}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: EXTERNAL_CODE_MAX + 10 } }}
      />
      {action.error && !fieldError && (
        <Alert
          severity="error"
          action={
            theirs && (
              <Button color="inherit" size="small" onClick={() => onSaved(theirs)}>
                Reload
              </Button>
            )
          }
        >
          {action.error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton busy={action.busy} type="submit" variant="contained">
          {EXTERNAL_CODE_LABELS.save}
        </BusyButton>
      </Box>
    </Paper>
  );
}
