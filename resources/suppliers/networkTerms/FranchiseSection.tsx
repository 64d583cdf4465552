import { useId, useState } from 'react';
import { useNotify } from 'react-admin';
import { Box, Button, Menu, MenuItem, Paper, Typography } from '@mui/material';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { DI_TERMS_LABELS as L, DI_TERMS_MESSAGES as M, DI_TERMS_SECTIONS as S, FRANCHISE_NAMES, franchiseInput, LABOUR_SLOTS, formatAuditDate, type DiTermsForm } from '../../../domain/suppliers';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { FeeInput, Row } from '../../../src/ui/inputs';

const since = (date: string | null) => (date ? `Effective from ${formatAuditDate(date)}` : undefined);

/** One franchise: its parts discount and a labour rate per vehicle category, with Delete. */
function FranchiseRow({ index, currency, onDelete }: { index: number; currency: string; onDelete(): void }) {
  const { getValues } = useFormContext<DiTermsForm>();
  const franchise = getValues(`franchises.${index}`);
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {franchise.label}
        </Typography>
        <Button color="error" onClick={onDelete} aria-describedby={titleId}>
          Delete
        </Button>
      </Box>
      <Row columns={4}>
        <FeeInput source={`franchises.${index}.partsDiscount`} label={L.partsDiscount} unit="%" integerDigits={3} />
        {LABOUR_SLOTS.map((slot, j) => (
          <Box key={slot.key}>
            <FeeInput source={`franchises.${index}.labourRates.${j}.rate`} label={`${slot.label} labour rate`} currency={currency} />
            {franchise.labourRates[j]?.effectiveDate && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, ml: 1.5 }}>
                {since(franchise.labourRates[j].effectiveDate)}
              </Typography>
            )}
          </Box>
        ))}
      </Row>
    </Paper>
  );
}

/**
 * Labour rates per franchise (spec 2 §2.1, §4, §8): add a franchise from those not yet listed
 * ('All franchises added.' when none is left), delete one after the spec's confirmation naming it.
 */
export function FranchiseSection({ currency }: { currency: string }) {
  const { control } = useFormContext<DiTermsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'franchises' });
  const notify = useNotify();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const left = FRANCHISE_NAMES.filter((n) => !fields.some((f) => f.label === n));
  return (
    <FormSection title={S.labour}>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No franchises yet. Add one to enter its labour rates.
        </Typography>
      )}
      {fields.map((f, i) => (
        <FranchiseRow key={f.id} index={i} currency={currency} onDelete={() => setDeleting(i)} />
      ))}
      <Box>
        <Button
          variant="outlined"
          aria-haspopup="menu"
          onClick={(e) => {
            if (left.length === 0) notify(M.allFranchisesAdded, { type: 'warning', title: S.labour });
            else setMenu(e.currentTarget);
          }}
        >
          Add Franchise
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)} slotProps={{ paper: { sx: { maxHeight: 320 } } }}>
          {left.map((name) => (
            <MenuItem
              key={name}
              onClick={() => {
                append(franchiseInput(name));
                setMenu(null);
              }}
            >
              {name}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        id="delete-franchise"
        title="Delete franchise?"
        text={deleting !== null && fields[deleting] ? M.deleteFranchise(fields[deleting].label) : ''}
        cancelLabel="Cancel"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) remove(deleting);
          setDeleting(null);
        }}
      />
    </FormSection>
  );
}
