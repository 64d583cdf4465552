import { Box, MenuItem, TextField } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  FACILITIES,
  FORM_OPTIONAL_SERVICES,
  OPTIONAL_SERVICE_LIMITS,
  RESTRICTION_CHOICES,
  accountReferenceInput,
  type SupplementaryServiceForm,
} from '../../../domain/suppliers';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { CheckboxSetInput, Row, ChoiceInput, SwitchInput, CappedTextInput } from '../../../src/ui/inputs';

const range = (min: number, max: number, unit: string) => Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: `${min + i} ${unit}` }));
const NOT_SET = { value: '', label: 'Not set' };
const digits = (t: string) => t.replace(/\D/g, '');

export function RestrictionsSection() {
  return (
    <FormSection title="Garage Capacity Restrictions">
      <Row>
        <ChoiceInput source="restrictions.maxHeight" label="Max Height" numeric options={[NOT_SET, ...range(...RESTRICTION_CHOICES.maxHeight, 'm')]} />
        <ChoiceInput source="restrictions.maxLength" label="Max Length" numeric options={[NOT_SET, ...range(...RESTRICTION_CHOICES.maxLength, 'm')]} />
        <ChoiceInput source="restrictions.maxWeight" label="Max Weight" numeric options={[NOT_SET, ...range(...RESTRICTION_CHOICES.maxWeight, 't')]} />
      </Row>
    </FormSection>
  );
}

/**
 * Each optional service: offered or not; its lead time, radius and notes only while offered (spec 2 §5.1).
 * The switch heads its own line and the fields share the next in three columns: beside the switch,
 * four to a row, a label such as 'Collection & Delivery lead time' was cut at 1280 px.
 */
export function OptionalServicesSection() {
  const services = (useWatch({ name: 'supplementaryServices' }) ?? []) as SupplementaryServiceForm[];
  const leadTimes = [NOT_SET, ...range(OPTIONAL_SERVICE_LIMITS.leadTimeMin, OPTIONAL_SERVICE_LIMITS.leadTimeMax, 'days').map((o) => (o.value === 1 ? { ...o, label: '1 day' } : o))];
  return (
    <FormSection title="Optional Services">
      {FORM_OPTIONAL_SERVICES.map((def) => {
        const i = services.findIndex((s) => s.type === def.key);
        if (i < 0) return null;
        const off = !services[i].isOffered;
        return (
          <Box key={def.key}>
            <SwitchInput source={`supplementaryServices.${i}.isOffered`} label={def.label} />
            {(def.leadTime || def.radius || def.notes) && (
              <Row columns={3}>
                {def.leadTime ? <ChoiceInput source={`supplementaryServices.${i}.leadTime`} label={`${def.label} lead time`} numeric options={leadTimes} disabled={off} /> : <span />}
                {def.radius ? <CappedTextInput source={`supplementaryServices.${i}.radius`} label={`${def.label} radius`} inputMode="numeric" transform={digits} maxLength={OPTIONAL_SERVICE_LIMITS.radiusDigits} disabled={off} helperText="Miles" /> : <span />}
                {def.notes ? <CappedTextInput source={`supplementaryServices.${i}.notes`} label={`${def.label} notes`} maxLength={OPTIONAL_SERVICE_LIMITS.notesMax} disabled={off} /> : <span />}
              </Row>
            )}
          </Box>
        );
      })}
    </FormSection>
  );
}

export function FacilitiesSection() {
  return (
    <FormSection title="Location Facilities">
      <CheckboxSetInput source="facilities" label="Facilities" options={FACILITIES.map((f) => ({ value: f.value, label: f.label }))} />
      <Row>
        <CappedTextInput source="accountSystemReference" label="Account System Reference" transform={accountReferenceInput} helperText="Up to 8 letters and digits" />
      </Row>
    </FormSection>
  );
}
