import { Alert, Box, Paper } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { counted, plural } from '../../../domain/plural';
import type { BackLink } from '../../layout/PageFrame';
import { CancelSaveButtons } from '../CancelSaveButtons';

const countErrors = (node: unknown): number => {
  if (!node || typeof node !== 'object') return 0;
  if (typeof (node as { message?: unknown }).message === 'string') return 1;
  return Object.values(node as Record<string, unknown>).reduce<number>((n, v) => n + countErrors(v), 0);
};

/**
 * Cancel and Save, kept in view at the bottom, with a summary after a refused save. Save is
 * disabled from the click (the form's submission, its checks included) until the answer (`saving`).
 */
export function FormFooter({ back, saving, saveLabel, extra }: { back: BackLink; saving: boolean; saveLabel?: string; extra?: React.ReactNode }) {
  const { errors, submitCount, isSubmitting } = useFormState();
  const navigate = useNavigate();
  const count = submitCount > 0 ? countErrors(errors) : 0;
  return (
    <Paper
      variant="outlined"
      sx={{ position: 'sticky', bottom: 0, mt: 2, p: 1.5, display: 'flex', alignItems: 'center', gap: 2, zIndex: 2, boxShadow: '0 -4px 16px rgba(18, 38, 63, 0.08)' }}
    >
      <Box sx={{ flexGrow: 1 }}>
        {count > 0 && (
          <Alert severity="error" sx={{ py: 0 }}>
            {`${counted(count, 'field')} ${plural(count, 'needs', 'need')}`} your attention: see the messages under the highlighted fields.
          </Alert>
        )}
      </Box>
      {extra}
      <CancelSaveButtons onCancel={() => navigate(back.to, { state: back.state })} cancelDisabled={saving} saveDisabled={saving || isSubmitting} saveLabel={saveLabel} />
    </Paper>
  );
}
