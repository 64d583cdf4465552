import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { Country } from '../../../domain/country';
import { SERVICE_TYPES, SERVICE_TYPE_LABELS, SPECIALIST_SERVICES, VEHICLE_TYPES, VEHICLE_TYPE_LABELS, supplierFieldLabels } from '../../../domain/suppliers';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { CheckboxSetInput, Row, SwitchInput, CappedTextInput, useFormInput } from '../../../src/ui/inputs';

type Props = { country: Country };

const digits = (t: string) => t.replace(/\D/g, '');
/** The services a supplier offers; REPAIR is shown as SMR and the SMR key has no box of its own (spec 2 §2.1). */
const SERVICE_OPTIONS = SERVICE_TYPES.filter((t) => t !== 'SMR').map((t) => ({ value: t, label: t === 'REPAIR' ? 'SMR' : SERVICE_TYPE_LABELS[t] }));
const VEHICLE_OPTIONS = VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }));
const SPECIALIST_OPTIONS = SPECIALIST_SERVICES.map((s) => ({ value: `${s.group}.${s.key}`, label: s.label }));

/** Invoices and credit notes name the site or the head office (spec 2 §2.1 address override). */
function InvoiceAddressInput() {
  const { id, field } = useFormInput('useHeadOfficeNameAndAddress');
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontSize: '0.85rem' }}>
        Invoice and credit note address
      </FormLabel>
      <RadioGroup row aria-labelledby={`${id}-label`} value={field.value ? 'head' : 'site'} onChange={(e) => field.onChange(e.target.value === 'head')}>
        <FormControlLabel value="site" control={<Radio slotProps={{ input: { ref: field.ref } as object }} />} label="Site name and address" />
        <FormControlLabel value="head" control={<Radio />} label="Head office name and address" />
      </RadioGroup>
    </FormControl>
  );
}

export function OperationsSection({ country }: Props) {
  const L = supplierFieldLabels(country);
  return (
    <FormSection title="Operations">
      <Row columns={4}>
        <CappedTextInput source="servingRadius.radius" label={L['servingRadius.radius']} required inputMode="numeric" transform={digits} helperText="Miles" />
        <CappedTextInput source="servingRadius.mobileRadius" label={L['servingRadius.mobileRadius']} inputMode="numeric" transform={digits} helperText="Miles" />
      </Row>
      <SwitchInput source="mandatoryTyreReadings" label="Mandatory Tyre Readings" />
      <InvoiceAddressInput />
    </FormSection>
  );
}

export function ServicesSection({ country }: Props) {
  const L = supplierFieldLabels(country);
  return (
    <FormSection title="Services">
      <CheckboxSetInput source="vehicleTypes" label="Vehicle Categories" options={VEHICLE_OPTIONS} />
      <CheckboxSetInput source="specialistServices" label="Specialist Services" options={SPECIALIST_OPTIONS} />
      <CheckboxSetInput source="services" label={L.services} options={SERVICE_OPTIONS} />
    </FormSection>
  );
}
