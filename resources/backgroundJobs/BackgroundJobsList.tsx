import { DataTable, DateField, ReferenceInput, SelectInput } from 'react-admin';
import { JOB_STATES, type BackgroundJobRow } from '../../domain/backgroundJobs';
import { dayRangeFilters, PlainList, RowShowButton, rowTime } from '../../src/resources/PlainScreens';
import { ScheduledJobsPanel } from './ScheduledJobsPanel';

/** Runs so far out of those allowed: pg-boss counts retries, and allows retryLimit of them after the first run. */
export const triesText = (r: { retryCount: number; retryLimit: number; startedOn: string | null }) => `${r.startedOn ? r.retryCount + 1 : 0} of ${r.retryLimit + 1}`;

const filters = [
  <ReferenceInput key="queue" source="queue" reference="jobQueues" alwaysOn>
    <SelectInput label="Queue" optionText="name" />
  </ReferenceInput>,
  <SelectInput key="state" source="state" label="State" choices={JOB_STATES.map((s) => ({ id: s, name: s }))} alwaysOn />,
  ...dayRangeFilters('createdOn'),
];

/** The scheduled jobs (Run now, Pause, Resume), then pg-boss jobs by queue and state, newest first. */
export function BackgroundJobsList() {
  return (
    <PlainList filters={filters} sort={{ field: 'createdOn', order: 'DESC' }} before={<ScheduledJobsPanel />}>
      <DataTable<BackgroundJobRow> bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="createdOn" label="Created">
          <DateField source="createdOn" showTime />
        </DataTable.Col>
        <DataTable.Col source="queue" label="Queue" />
        <DataTable.Col source="state" label="State" />
        <DataTable.Col source="archived" label="Archived" disableSort render={(r) => (r.archived ? 'Yes' : 'No')} />
        <DataTable.Col label="Runs" disableSort render={triesText} />
        <DataTable.Col source="startedOn" label="Started">
          <DateField source="startedOn" showTime emptyText="-" />
        </DataTable.Col>
        <DataTable.Col source="completedOn" label="Finished">
          <DateField source="completedOn" showTime emptyText="-" />
        </DataTable.Col>
        <DataTable.Col source="error" label="Error" disableSort />
        <DataTable.Col label="Details" disableSort>
          <RowShowButton<BackgroundJobRow> describe={(r) => `the ${r.queue} job of ${rowTime(r.createdOn)} (${r.id})`} />
        </DataTable.Col>
      </DataTable>
    </PlainList>
  );
}
