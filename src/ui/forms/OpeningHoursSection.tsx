import { FormControlLabel, Switch } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import type { OpeningHours } from '../../../domain/common';
import { OPENING_SLOTS, withSunday } from '../../../domain/suppliers';
import { FormSection } from './FormSection';
import { Row, ChoiceInput } from '../inputs';

const TIME_OPTIONS = OPENING_SLOTS.map((t) => ({ value: t, label: t }));

function DayRow({ day, label, disabled }: { day: 'weekday' | 'saturday' | 'sunday'; label: string; disabled?: boolean }) {
  return (
    <Row columns={3}>
      <ChoiceInput source={`openingHours.${day}.customOpening`} label={`${label} opening`} options={TIME_OPTIONS} disabled={disabled} />
      <ChoiceInput source={`openingHours.${day}.customClosing`} label={`${label} closing`} options={TIME_OPTIONS} disabled={disabled} />
    </Row>
  );
}

/** Opening hours in 30-minute steps; Sunday's switch sets 09:00-12:30 or clears and disables its times (spec 2 §4). */
/** Opening hours (supplier form, e-registration approval): `openingHours` of the form. */
export function OpeningHoursSection() {
  const { setValue, getValues } = useFormContext();
  const sundayOpen = Boolean(useWatch({ name: 'openingHours.sunday.isOpen' }));
  return (
    <FormSection title="Opening Hours">
      <DayRow day="weekday" label="Monday to Friday" />
      <DayRow day="saturday" label="Saturday" />
      <FormControlLabel
        label="Open on Sunday"
        control={<Switch checked={sundayOpen} onChange={(e) => setValue('openingHours', withSunday(getValues('openingHours') as OpeningHours, e.target.checked), { shouldDirty: true, shouldValidate: false })} />}
      />
      <DayRow day="sunday" label="Sunday" disabled={!sundayOpen} />
    </FormSection>
  );
}

