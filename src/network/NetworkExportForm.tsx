import { useRef, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { Box, Button, CircularProgress, FormControlLabel, MenuItem, Paper, Switch, TextField } from '@mui/material';
import { EXPORT_MOT_CLASSES, EXPORT_SUPPLIER_TYPES, NETWORK_MESSAGES, type LeaseAccount } from '../../domain/network';
import type { ExportFilters } from '../../dataProvider/networkCalls';
import { isHttpError, failureText } from '../../api/client';
import { useOneAction } from '../ui/useOneAction';
import { GroupSearchField } from './GroupSearchField';
import type { NetworkVariant } from './variant';

/** Spec 1 §9: supplier type All, e-mail the file; MOT class All (every class). */
export const EXPORT_DEFAULTS: ExportFilters = { emailExportFile: true, supplierType: 'All', motClass: 'All' };

/** Toast texts (the spec names only "network export initiated"; the wording is ours). */
export const EXPORT_TOASTS = {
  title: 'Network export initiated',
  emailed: 'The export file will be e-mailed to you.',
  download: 'It will be ready to download below.',
  failedTitle: 'Network export',
  failed: 'The network export could not be started. Please try again.',
} as const;

/** The export request (spec 1 §2 "Network Export page"). */
export function NetworkExportForm({ variant, canEdit, onStarted }: { variant: NetworkVariant; canEdit: boolean; onStarted(): void }) {
  const [group, setGroup] = useState<LeaseAccount | null>(null);
  const [filters, setFilters] = useState<ExportFilters>(EXPORT_DEFAULTS);
  const [groupError, setGroupError] = useState<string | null>(null);
  const exporting = useOneAction(({ groupId, chosen }: { groupId: string | null; chosen: ExportFilters }, { dataProvider }) => variant.triggerExport(dataProvider, groupId, chosen));
  const busy = exporting.isPending;
  const groupInput = useRef<HTMLInputElement>(null);
  const notify = useNotify();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (variant.groupRequired && !group) {
      setGroupError(NETWORK_MESSAGES.groupRequired);
      groupInput.current?.focus();
      return;
    }
    try {
      const ran = await exporting.run({ groupId: group?.id ?? null, chosen: filters });
      if (!ran) return;
      const answer = ran.value;
      if (!answer?.success) {
        notify(EXPORT_TOASTS.failed, { type: 'error', title: EXPORT_TOASTS.failedTitle });
        return;
      }
      notify(filters.emailExportFile ? EXPORT_TOASTS.emailed : EXPORT_TOASTS.download, { type: 'success', title: EXPORT_TOASTS.title });
      onStarted();
    } catch (err) {
      const fieldMessage = isHttpError(err) ? (err.body?.errors?.accountsId ?? err.body?.errors?.accountId) : undefined;
      if (fieldMessage) setGroupError(fieldMessage);
      if (fieldMessage) notify(fieldMessage, { type: 'error', title: EXPORT_TOASTS.failedTitle });
      else notify(failureText(err, EXPORT_TOASTS.failed), { type: 'error', title: EXPORT_TOASTS.failedTitle });
    }
  };

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={submit} aria-label="Network export" sx={{ p: 3, maxWidth: 720, display: 'grid', gap: 2.5 }}>
      <GroupSearchField
        value={group}
        onChange={(g) => {
          setGroup(g);
          if (g) setGroupError(null);
        }}
        search={variant.searchGroups}
        error={groupError}
        required={variant.groupRequired}
        disabled={!canEdit || busy}
        inputRef={groupInput}
        onTyping={() => setGroupError(null)}
      />
      <FormControlLabel
        control={<Switch checked={filters.emailExportFile} onChange={(e) => setFilters({ ...filters, emailExportFile: e.target.checked })} disabled={!canEdit || busy} />}
        label="Email exported file"
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label="Supplier Type"
          value={filters.supplierType}
          onChange={(e) => setFilters({ ...filters, supplierType: e.target.value as ExportFilters['supplierType'] })}
          disabled={!canEdit || busy}
        >
          {EXPORT_SUPPLIER_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="MOT Class"
          value={filters.motClass ?? 'All'}
          onChange={(e) => setFilters({ ...filters, motClass: e.target.value as ExportFilters['motClass'] })}
          disabled={!canEdit || busy}
        >
          {EXPORT_MOT_CLASSES.map((c) => (
            <MenuItem key={c} value={c}>
              {c === 'All' ? 'All' : `Class ${c}`}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box>
        {/* The spec does not show the button's label; 'Export' says what it does. */}
        <Button type="submit" variant="contained" disabled={!canEdit || busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}>
          Export
        </Button>
      </Box>
    </Paper>
  );
}
