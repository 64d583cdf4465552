/** The Admins screens: react-admin's list and show (loaded with the first signed-in screen, see index.ts). */
import { DataTable, DateField, SelectInput, SimpleShowLayout, TextField, TextInput } from 'react-admin';
import { ROLE_NAMES } from '../../domain/permissions';
import type { AdminRow } from '../../domain/resources/admins';
import { PlainList, PlainShow, RowShowButton } from '../../src/resources/PlainScreens';

const filters = [
  <TextInput key="q" source="q" label="Name or e-mail" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_NAMES.map((r) => ({ id: r, name: r }))} alwaysOn />,
];

const NEVER = 'Never';

/** Every admin who may sign in, by e-mail. */
export function AdminsList() {
  return (
    <PlainList filters={filters} sort={{ field: 'email', order: 'ASC' }}>
      <DataTable<AdminRow> bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="email" label="E-mail" />
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="role" label="Role" />
        <DataTable.Col source="lastSignInAt" label="Last sign-in">
          <DateField source="lastSignInAt" showTime emptyText={NEVER} />
        </DataTable.Col>
        <DataTable.Col label="Details" disableSort>
          <RowShowButton<AdminRow> describe={(r) => `the admin ${r.email}`} />
        </DataTable.Col>
      </DataTable>
    </PlainList>
  );
}

/** One admin. */
export function AdminShow() {
  return (
    <PlainShow title="Admin">
      <SimpleShowLayout>
        <TextField source="email" label="E-mail" />
        <TextField source="name" label="Name" />
        <TextField source="role" label="Role" />
        <DateField source="lastSignInAt" label="Last sign-in" showTime emptyText={NEVER} />
      </SimpleShowLayout>
    </PlainShow>
  );
}
