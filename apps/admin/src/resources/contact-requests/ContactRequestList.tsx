import { DataTable } from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminContactRequest } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { ChoicesField, MeetingField } from './ContactRequestFields';
import { SupportStatusChip, supportFilters } from './SupportWorkflow';

const filters = supportFilters('support.searchContact');

/** Contact-sales requests, newest first. */
export const ContactRequestList = () => (
  <StaffList<AdminContactRequest>
    sort={{ field: 'createdAt', order: 'DESC' }}
    exporter={false}
    filters={filters}
  >
    <DataTable<AdminContactRequest> rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="createdAt">
        <WhenField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="name" />
      <DataTable.Col source="email" />
      <DataTable.Col source="company" />
      <DataTable.Col source="services" disableSort>
        <ChoicesField source="services" />
      </DataTable.Col>
      <DataTable.Col source="volumes" disableSort>
        <ChoicesField source="volumes" />
      </DataTable.Col>
      <DataTable.Col source="wantsMeeting" disableSort>
        <MeetingField />
      </DataTable.Col>
      <DataTable.Col source="status">
        <SupportStatusChip />
      </DataTable.Col>
    </DataTable>
  </StaffList>
);
