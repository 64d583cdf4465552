import { ArrayField, DataTable, DateField, FunctionField, ReferenceField, SimpleShowLayout, TextField } from 'react-admin';
import type { AuditLogEntry } from '../../domain/auditLog';
import { PlainShow } from '../../src/resources/PlainScreens';
import { entityLabel } from './AuditLogList';

/** One change: who, when, which record, and the before/after difference field by field. */
export function AuditLogShow() {
  return (
    <PlainShow title="Audit entry">
      <SimpleShowLayout>
        <DateField source="at" label="Time" showTime />
        <ReferenceField source="adminId" reference="administrators" label="Admin" link={false} emptyText="System">
          <TextField source="name" />
        </ReferenceField>
        <FunctionField<AuditLogEntry> label="Entity" render={(r) => entityLabel(r.recordType)} />
        <TextField source="recordId" label="Record ID" />
        <TextField source="slug" label="Change" />
        <ArrayField source="changes" label="Changed fields">
          <DataTable bulkActionButtons={false} rowClick={false} empty={<>No field changed.</>}>
            <DataTable.Col source="field" label="Field" disableSort />
            <DataTable.Col source="before" label="Before" disableSort>
              <TextField source="before" emptyText="(empty)" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} />
            </DataTable.Col>
            <DataTable.Col source="after" label="After" disableSort>
              <TextField source="after" emptyText="(empty)" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} />
            </DataTable.Col>
          </DataTable>
        </ArrayField>
      </SimpleShowLayout>
    </PlainShow>
  );
}
