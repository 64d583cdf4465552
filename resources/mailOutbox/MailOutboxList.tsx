import { DataTable, DateField, SelectInput, TextInput } from 'react-admin';
import { MAIL_KINDS, MAIL_STATUSES, type MailOutboxRow } from '../../domain/mailOutbox';
import { dayRangeFilters, PlainList, RowShowButton, rowTime } from '../../src/resources/PlainScreens';

export const kindLabel = (kind: string) => MAIL_KINDS[kind] ?? kind;

const filters = [
  <TextInput key="q" source="q" label="Recipient or subject" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={MAIL_STATUSES.map((s) => ({ id: s, name: s }))} alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind" choices={Object.entries(MAIL_KINDS).map(([id, name]) => ({ id, name }))} alwaysOn />,
  ...dayRangeFilters('createdAt'),
];

/** Every e-mail the system sent or kept, newest first. */
export function MailOutboxList() {
  return (
    <PlainList filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable<MailOutboxRow> bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="createdAt" label="Time">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="to" label="Recipient" />
        <DataTable.Col source="subject" label="Subject" />
        <DataTable.Col source="kind" label="Kind" render={(r) => kindLabel(r.kind)} />
        <DataTable.Col source="status" label="Status" />
        <DataTable.Col label="Details" disableSort>
          <RowShowButton<MailOutboxRow> describe={(r) => `the mail to ${r.to} of ${rowTime(r.createdAt)}: ${r.subject}`} />
        </DataTable.Col>
      </DataTable>
    </PlainList>
  );
}
