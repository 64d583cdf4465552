import { useInput } from 'react-admin';
import { browserToday, DayPicker } from '../DayField';

/**
 * A day of a react-admin list filter ('YYYY-MM-DD' in the filter), on the console's one day picker
 * (DD-MMM-YYYY). A half-typed or cleared day leaves no filter. Days after today are not offered:
 * the lists it filters (audit log, mail outbox, jobs) record what has already happened.
 */
export function DayFilterInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  return (
    <DayPicker
      label={label}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      max={browserToday()}
      format="search"
      error={null}
      size="small"
      onChange={(day) => field.onChange(day || undefined)}
    />
  );
}
