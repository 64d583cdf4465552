import { useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { checkCustomerLogo, LOGO_MAX_HEIGHT } from '../../../domain/customers';
import { useFormInput } from '../../../src/ui/inputs';
import { FilePicker } from '../../../src/ui/inputs/FilePicker';
import { useOneAction } from '../../../src/ui/useOneAction';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The web link logo: PNG, at most 100 KB and 100 px high (domain logo checks), uploaded at once. */
export function LogoInput({ disabled, leaseCompanyId }: { disabled: boolean; leaseCompanyId: string | null }) {
  const { field, fieldState } = useFormInput('config.webLink.theme.logo');
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = useOneAction((file: { fileName: string; contentBase64: string }, { dataProvider }) =>
    dataProvider.uploadCustomerLogo({ ...(leaseCompanyId ? { leaseCompanyId } : {}), ...file }),
  );
  const busy = uploading.isPending;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const message = checkCustomerLogo(bytes);
    setProblem(message);
    if (message) return;
    try {
      const ran = await uploading.run({ fileName: file.name, contentBase64: toBase64(bytes) });
      if (ran) field.onChange(ran.value.url);
    } catch (err) {
      const fields = (err as { body?: { errors?: Record<string, string> } }).body?.errors;
      setProblem(fields?.file ?? (err as Error).message);
    }
  };

  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
        Logo
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {field.value ? (
          <Box component="img" src={field.value} alt="Current logo" sx={{ maxHeight: LOGO_MAX_HEIGHT, maxWidth: 240, border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No logo
          </Typography>
        )}
        <FilePicker accept="image/png" onChange={choose} disabled={disabled || busy} icon={busy ? <CircularProgress size={16} aria-hidden="true" /> : undefined}>
          Upload Logo
        </FilePicker>
        {field.value && (
          <Button variant="text" color="error" disabled={disabled || busy} onClick={() => field.onChange(null)}>
            Remove Logo
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        PNG only, at most 100 KB and 100 px high.
      </Typography>
      {(problem ?? fieldState.error?.message) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem ?? fieldState.error?.message}
        </Alert>
      )}
    </Box>
  );
}
