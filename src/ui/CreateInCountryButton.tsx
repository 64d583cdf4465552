import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import type { Country } from '../../domain/country';
import { PermissionButton, type Allowed } from '../layout/PermissionButton';

/**
 * A create button that asks which country's form (UK or Ireland), then opens it at `path(country)`.
 * Disabled, with `why` as its tooltip, unless the user is `allowed` to create.
 */
export function CreateInCountryButton({ label, allowed, why, path }: { label: string; allowed: Allowed; why: string; path(country: Country): string }) {
  const [open, setOpen] = useState(false);
  const [country, setCountry] = useState<Country>('UK');
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <>
      <PermissionButton allowed={allowed} why={why} variant="contained" onClick={() => setOpen(true)}>
        {label}
      </PermissionButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{label}</DialogTitle>
        <DialogContent>
          <RadioGroup aria-label="Country" name="country" value={country} onChange={(e) => setCountry(e.target.value as Country)}>
            <FormControlLabel value="UK" control={<Radio />} label="UK" />
            <FormControlLabel value="IE" control={<Radio />} label="Ireland" />
          </RadioGroup>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => navigate(path(country))}>
            Continue
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
