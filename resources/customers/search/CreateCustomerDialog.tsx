import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { whyCannotCreateCustomer } from '../../../domain/customers/access';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { useSessionState } from '../../../src/layout/useSession';
import { createPath, type CountryParam } from '../paths';

/**
 * 'Create New Customer': asks which country's form (UK or Ireland), then opens it. Disabled, with
 * the reason as its tooltip, for users who may not create customers (domain access rule).
 */
export function CreateCustomerButton() {
  const why = whyCannotCreateCustomer(useSessionState().session?.roles);
  const [open, setOpen] = useState(false);
  const [country, setCountry] = useState<CountryParam>('UK');
  const navigate = useNavigate();
  return (
    <>
      <PermissionButton allowed={!why} why={why ?? ''} variant="contained" onClick={() => setOpen(true)}>
        Create New Customer
      </PermissionButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="create-customer-title" maxWidth="xs" fullWidth>
        <DialogTitle id="create-customer-title">Create New Customer</DialogTitle>
        <DialogContent>
          <RadioGroup aria-label="Country" name="country" value={country} onChange={(e) => setCountry(e.target.value as CountryParam)}>
            <FormControlLabel value="UK" control={<Radio />} label="UK" />
            <FormControlLabel value="IE" control={<Radio />} label="Ireland" />
          </RadioGroup>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => navigate(createPath(country))}>
            Continue
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
