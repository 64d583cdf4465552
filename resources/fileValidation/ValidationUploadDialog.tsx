import { useEffect, useState } from 'react';
import { Box, ListSubheader, MenuItem, TextField } from '@mui/material';
import { checkValidationFile, FILE_VALIDATION_MESSAGES, validationTypeById, validationTypeLabel, validationTypesByGroup } from '../../domain/fileValidation';
import { useSessionState } from '../../src/layout/useSession';
import { UploadFileDialog } from '../../src/ui/UploadFileDialog';
import { visuallyHidden } from '../../src/ui/visuallyHidden';

const GROUPS = validationTypesByGroup();

/**
 * The Upload modal (spec 3 §2.5, §5): the validation type, picked from the grouped list, and one
 * CSV file; 'Validation type is required' and 'File is required' next to their fields.
 */
export function ValidationUploadDialog({ open, onClose, onUploaded, disabled }: { open: boolean; onClose(): void; onUploaded(fileName: string): void; disabled: boolean }) {
  const { session } = useSessionState();
  const [type, setType] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setType('');
      setTypeError(null);
    }
  }, [open]);
  const user = session ? `${session.user.firstname} ${session.user.lastname}` : '';
  const description = validationTypeById(type)?.description;
  return (
    <UploadFileDialog
      open={open}
      title="Upload file for validation"
      help="Choose what the file is, then one CSV file (at most 25 MB). It is checked row by row; the log lists every problem by row and column."
      onClose={onClose}
      onUploaded={onUploaded}
      disabled={disabled}
      check={checkValidationFile}
      beforeStart={() => {
        const problem = type ? null : FILE_VALIDATION_MESSAGES.typeRequired;
        setTypeError(problem);
        return !problem;
      }}
      onFieldError={(field, message) => {
        if (field !== 'validationType') return false;
        setTypeError(message);
        return true;
      }}
      send={({ file, onProgress, signal }, dataProvider) => dataProvider.uploadValidationFile({ file, validationType: type, user, onProgress, signal })}
    >
      <TextField
        select
        label="Validation Type"
        required
        value={type}
        onChange={(e) => {
          setType(e.target.value);
          setTypeError(null);
        }}
        error={Boolean(typeError)}
        helperText={typeError ?? description ?? ' '}
        slotProps={{ formHelperText: { role: typeError ? 'alert' : undefined }, select: { renderValue: (v) => validationTypeLabel(String(v)) } }}
        fullWidth
        sx={{ mb: 2 }}
      >
        {GROUPS.flatMap(({ group, types }) => [
          <ListSubheader key={`group-${group}`}>{group}</ListSubheader>,
          ...types.map((t) => (
            // The group is part of the option's name: several groups have a 'Stock' or a 'Contract'.
            <MenuItem key={t.id} value={t.id}>
              <Box component="span" sx={visuallyHidden}>
                {`${group} `}
              </Box>
              {t.label}
            </MenuItem>
          )),
        ])}
      </TextField>
    </UploadFileDialog>
  );
}
