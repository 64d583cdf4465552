import { DateField, FunctionField, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { FINAL_JOB_STATES, type BackgroundJobEntry } from '../../domain/backgroundJobs';
import { PlainShow } from '../../src/resources/PlainScreens';
import { triesText } from './BackgroundJobsList';
import { RetryButton } from './RetryButton';

/** Seconds between reads of a job that is still to run or running, so its state moves on by itself. */
const FOLLOW_MS = 1_000;
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));
const pre = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 13, m: 0 } as const;

/** One job: queue, state, timings, the error of a failed one, its data; Retry when it failed. */
export function BackgroundJobShow() {
  return (
    <PlainShow
      title="Background job"
      actions={
        <TopToolbar>
          <RetryButton />
        </TopToolbar>
      }
      queryOptions={{ refetchInterval: (query) => (query.state.data && FINAL_JOB_STATES.includes((query.state.data as BackgroundJobEntry).state) ? false : FOLLOW_MS) }}
    >
      <SimpleShowLayout>
        <TextField source="queue" label="Queue" />
        <TextField source="state" label="State" />
        <FunctionField<BackgroundJobEntry> label="Archived" render={(r) => (r.archived ? 'Yes: finished jobs leave their queue after 12 hours and can no longer be retried' : 'No')} />
        <FunctionField<BackgroundJobEntry> label="Runs" render={triesText} />
        <DateField source="createdOn" label="Created" showTime />
        <DateField source="startedOn" label="Started" showTime emptyText="-" />
        <DateField source="completedOn" label="Finished" showTime emptyText="-" />
        <TextField source="error" label="Error" emptyText="None" />
        <FunctionField<BackgroundJobEntry> label="Data" render={(r) => json(r.data)} component="pre" sx={pre} />
        <FunctionField<BackgroundJobEntry> label="Output" render={(r) => json(r.output)} component="pre" sx={pre} emptyText="None" />
      </SimpleShowLayout>
    </PlainShow>
  );
}
