import { memo, useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { integrationTiles, isFnpSource, type CustomerForm, type CustomerIntegration, type IntegrationForm } from '../../../../domain/customers';
import { SwitchInput } from '../../../../src/ui/inputs';
import { FormSection } from '../../../../src/ui/forms/FormSection';
import { useFieldState } from '../FieldState';
import { IntegrationDrawer } from '../IntegrationDrawer';
import { useIntegrationLookups } from '../useIntegrationLookups';

const same = (a: { type: string; source: string }, b: { type: string; source: string }) => a.type === b.type && a.source === b.source;

/** Configured integrations (switches), the lookup pairs not yet configured (static, grey), and the drawer. */
export const IntegrationsSection = memo(function IntegrationsSection() {
  const { fields, append, update } = useFieldArray<CustomerForm, 'config.integrations'>({ name: 'config.integrations' });
  const { getValues } = useFormContext<CustomerForm>();
  const { lookups, error } = useIntegrationLookups();
  const fs = useFieldState();
  const [drawer, setDrawer] = useState<{ index: number | null } | null>(null);
  const configured = fields as unknown as CustomerIntegration[];
  const statics = useMemo(() => integrationTiles(configured, lookups).filter((t) => t.isStatic), [configured, lookups]);
  const editing = drawer?.index != null ? configured[drawer.index] : null;

  const save = (value: IntegrationForm) => {
    // The switches write straight to the form values, so the current ones are read there.
    const current = drawer?.index != null ? getValues(`config.integrations.${drawer.index}`) : null;
    const item: CustomerIntegration = {
      ...value,
      typeDescription: value.typeDescription ?? undefined,
      enabled: current?.enabled ?? true,
      useStub: isFnpSource(value.source) ? false : (current?.useStub ?? false),
      isStatic: false,
    };
    if (drawer?.index != null) update(drawer.index, item);
    // Focus goes back to the button that opened the drawer, not to the new row.
    else append(item, { shouldFocus: false });
    setDrawer(null);
  };

  return (
    <FormSection title="Integrations">
      {error && <Alert severity="warning">The list of integration types could not be loaded; configured integrations can still be changed.</Alert>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {configured.map((item, i) => (
          <Paper component="li" variant="outlined" key={(fields[i] as { id: string }).id} sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ flexGrow: 1, minWidth: 180 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.typeLabel}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {item.sourceLabel}
              </Typography>
            </Box>
            <SwitchInput source={`config.integrations.${i}.enabled`} label="Enabled" accessibleName={`Enabled: ${item.typeLabel} (${item.sourceLabel})`} disabled={fs.integrations[i]?.enabled} />
            <SwitchInput source={`config.integrations.${i}.useStub`} label="Use stub" accessibleName={`Use stub: ${item.typeLabel} (${item.sourceLabel})`} disabled={fs.integrations[i]?.useStub} />
            <Button size="small" onClick={() => setDrawer({ index: i })} aria-label={`Edit Integration ${item.typeLabel} (${item.sourceLabel})`}>
              Edit
            </Button>
          </Paper>
        ))}
        {statics.map((item) => (
          <Paper component="li" variant="outlined" key={`${item.type}-${item.source}`} sx={{ p: 1.5, bgcolor: 'action.hover', color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.typeLabel}
              </Typography>
              <Typography variant="caption">{item.sourceLabel}</Typography>
            </Box>
            <Chip size="small" label="Not configured" />
          </Paper>
        ))}
      </Box>
      <Box>
        <Button variant="outlined" onClick={() => setDrawer({ index: null })}>
          Add Integration
        </Button>
      </Box>
      <IntegrationDrawer
        open={drawer !== null}
        initial={editing ? { type: editing.type, typeLabel: editing.typeLabel, typeDescription: editing.typeDescription ?? '', source: editing.source, sourceLabel: editing.sourceLabel } : null}
        lookups={lookups}
        isDuplicate={(v) => configured.some((c, i) => i !== drawer?.index && same(c, v))}
        onSave={save}
        onClose={() => setDrawer(null)}
      />
    </FormSection>
  );
});
