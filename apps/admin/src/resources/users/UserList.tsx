import { BooleanField, DataTable, List, SelectField, TextInput } from 'react-admin';
import { type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { roleChoices } from '../../common/choices';

// A labelled search box (not the placeholder-only SearchInput), so it has an accessible name.
const userFilters = [<TextInput key="q" source="q" label="console.users.search" alwaysOn resettable />];

export const UserList = () => (
  <List<AdminUser> filters={userFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
    <DataTable<AdminUser> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="email" />
      {/* The API sorts users by name, e-mail, credits and sign-up date only. */}
      <DataTable.Col source="role" disableSort>
        <SelectField source="role" choices={roleChoices} />
      </DataTable.Col>
      <DataTable.NumberCol source="credits" />
      <DataTable.Col source="verified" disableSort>
        <BooleanField source="verified" />
      </DataTable.Col>
      <DataTable.Col source="createdAt">
        <WhenField source="createdAt" />
      </DataTable.Col>
    </DataTable>
  </List>
);
