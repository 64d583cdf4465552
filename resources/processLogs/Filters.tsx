import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Paper, TextField } from '@mui/material';
import { PROCESS_LOG_LABELS, PROCESS_LOG_MESSAGES, PROCESS_LOG_VIEWS, utcToday, type LeaseCompanyOption, type ProcessLogView } from '../../domain/processLogs';
import { DayField } from '../../src/ui/DayField';
import { LeaseCompanyField } from './LeaseCompanyField';

export interface LogSearch {
  /** YYYY-MM-DD, a UTC day. */
  date: string;
  company: LeaseCompanyOption;
}

/**
 * Spec 3 §2.2 filters: lease company, view, date (DD-MMM-YYYY, no future day) and SHOW. The view
 * switches at once (both views come with one answer); company and date apply on SHOW. Days are
 * UTC days, the days the nightly jobs run for, so the latest day is today in UTC.
 */
export function Filters({ initial, view, onView, onShow }: { initial: LogSearch; view: ProcessLogView; onView(v: ProcessLogView): void; onShow(s: LogSearch): void }) {
  const [date, setDate] = useState(initial.date);
  const [company, setCompany] = useState(initial.company);
  const [error, setError] = useState<string | null>(null);
  const today = utcToday(new Date());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !/^\d{4}-\d{2}-\d{2}$/.test(date) ? PROCESS_LOG_MESSAGES.invalidDate : date > today ? PROCESS_LOG_MESSAGES.futureDate : null;
    setError(problem);
    if (!problem) onShow({ date, company });
  };
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} aria-label="Process log filters" sx={{ p: 2.5, mb: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <LeaseCompanyField value={company} onChange={setCompany} />
      <TextField select label={PROCESS_LOG_LABELS.view} value={view} onChange={(e) => onView(e.target.value as ProcessLogView)} helperText=" " sx={{ width: 220 }}>
        {(Object.keys(PROCESS_LOG_VIEWS) as ProcessLogView[]).map((v) => (
          <MenuItem key={v} value={v}>
            {PROCESS_LOG_VIEWS[v]}
          </MenuItem>
        ))}
      </TextField>
      <DayField
        label={PROCESS_LOG_LABELS.date}
        value={date}
        max={today}
        error={error}
        onChange={(day) => {
          setDate(day);
          setError(null);
        }}
        sx={{ width: 200 }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        {PROCESS_LOG_LABELS.show}
      </Button>
    </Paper>
  );
}
