import { ArrayField, DataTable, DateField, FunctionField, NumberField, SimpleShowLayout, TextField } from 'react-admin';
import type { MailOutboxEntry } from '../../domain/mailOutbox';
import { PlainShow } from '../../src/resources/PlainScreens';
import { kindLabel } from './MailOutboxList';

/** One e-mail: its envelope, its status, and the message as text. */
export function MailOutboxShow() {
  return (
    <PlainShow title="E-mail">
      <SimpleShowLayout>
        <DateField source="createdAt" label="Time" showTime />
        <TextField source="to" label="Recipient" />
        <TextField source="subject" label="Subject" />
        <FunctionField<MailOutboxEntry> label="Kind" render={(r) => kindLabel(r.kind)} />
        <TextField source="status" label="Status" />
        <DateField source="sentAt" label="Sent" showTime emptyText="Not sent" />
        <TextField source="error" label="Error" emptyText="None" />
        <TextField source="text" label="Message" component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', m: 0 }} />
        <ArrayField source="attachments" label="Attachments">
          <DataTable bulkActionButtons={false} rowClick={false} empty={<>No attachments.</>}>
            <DataTable.Col source="filename" label="File" disableSort />
            <DataTable.Col source="contentType" label="Type" disableSort />
            <DataTable.Col source="size" label="Bytes" disableSort>
              <NumberField source="size" />
            </DataTable.Col>
          </DataTable>
        </ArrayField>
      </SimpleShowLayout>
    </PlainShow>
  );
}
