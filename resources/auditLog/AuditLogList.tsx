import { AutocompleteInput, DataTable, DateField, ReferenceField, ReferenceInput, SelectInput, TextField, TextInput } from 'react-admin';
import { AUDIT_RECORD_TYPES, type AuditLogRow } from '../../domain/auditLog';
import { dayRangeFilters, PlainList, RowShowButton, rowTime } from '../../src/resources/PlainScreens';

const ENTITY_CHOICES = Object.entries(AUDIT_RECORD_TYPES).map(([id, name]) => ({ id, name }));
export const entityLabel = (type: string | null) => (type ? (AUDIT_RECORD_TYPES[type] ?? type) : '');

const filters = [
  <SelectInput key="recordType" source="recordType" label="Entity" choices={ENTITY_CHOICES} alwaysOn />,
  <TextInput key="recordId" source="recordId" label="Record ID" alwaysOn />,
  <ReferenceInput key="adminId" source="adminId" reference="administrators" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Admin" optionText="name" />
  </ReferenceInput>,
  ...dayRangeFilters('at'),
];

/** Who changed what and when, newest first. */
export function AuditLogList() {
  return (
    <PlainList filters={filters} sort={{ field: 'at', order: 'DESC' }}>
      <DataTable<AuditLogRow> bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="at" label="Time">
          <DateField source="at" showTime />
        </DataTable.Col>
        <DataTable.Col source="adminId" label="Admin" disableSort>
          <ReferenceField source="adminId" reference="administrators" link={false} emptyText="System">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="recordType" label="Entity" render={(r) => entityLabel(r.recordType)} />
        <DataTable.Col source="recordId" label="Record ID" disableSort />
        <DataTable.Col source="slug" label="Change" />
        <DataTable.Col label="Details" disableSort>
          <RowShowButton<AuditLogRow> describe={(r) => `the change ${r.slug} of ${rowTime(r.at)} (${r.id})`} />
        </DataTable.Col>
      </DataTable>
    </PlainList>
  );
}
