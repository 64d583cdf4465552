import { Skeleton, type SxProps, type Theme } from '@mui/material';
import { lazyPage } from '../lazyPage';

/**
 * The console's one day picker (MUI X, date-fns, British), in the spec's formats: DD-MMM-YYYY for
 * the searches by day (spec 3 §6 names it for the process log picker; Pay Bill's is not given, so
 * it shares it) and DD/MM/YYYY for the audit dates of the DI network terms (spec 2 §5).
 */
export const DAY_FORMATS = { search: 'dd-MMM-yyyy', audit: 'dd/MM/yyyy' } as const;
export type DayFormat = keyof typeof DAY_FORMATS;

/** Today in the browser's calendar ('YYYY-MM-DD'): the last day most pickers offer. */
export const browserToday = () => new Date().toLocaleDateString('en-CA');

export interface DayPickerProps {
  label: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** The last day that can be picked ('YYYY-MM-DD'): later days are disabled in the calendar. */
  max: string;
  format: DayFormat;
  error: string | null;
  hint?: string;
  required?: boolean;
  name?: string;
  size?: 'small' | 'medium';
  /** A whole day ('YYYY-MM-DD'), '' when the field is emptied, null while it is half-typed. */
  onChange(day: string | null): void;
  onBlur?(): void;
  sx?: SxProps<Theme>;
}

/**
 * A day typed section by section or picked from the calendar; see DayPickerImpl.tsx. The picker's
 * code is a file of its own, loaded when a screen first shows a picker: the searches and lists
 * that have none do not download it. Until it has come, a placeholder of the field's height.
 */
export const DayPicker = lazyPage<DayPickerProps>(
  () => import('./DayPickerImpl').then((m) => m.default),
  (props) => <Skeleton variant="rounded" height={props.size === 'small' ? 40 : 56} sx={{ mb: 2.75 }} />,
);

/**
 * A required day of a search (Pay Bill, Process Logs), DD-MMM-YYYY, no day after `max`. A
 * half-typed day is no day: the search then asks for one.
 */
export function DayField({ onChange, ...props }: Omit<DayPickerProps, 'format' | 'required' | 'onChange'> & { onChange(day: string): void }) {
  return <DayPicker {...props} format="search" required onChange={(day) => onChange(day ?? '')} />;
}
