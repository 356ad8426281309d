import { Alert } from '@mui/material';
import { CreateButton, DataTable, DeleteButton, TopToolbar, usePermissions, useTranslate } from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type Holiday } from '@estancia/contracts';
import { DayField } from './DayField';

const HolidayListActions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/** The holidays the review clock skips. Admins add and delete them; decorators only look. */
export const HolidayList = () => {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<string | null>();
  const isAdmin = permissions === 'admin';
  return (
    <>
      {!isPending && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate(isAdmin ? 'console.holidays.intro' : 'console.holidays.readOnly')}
        </Alert>
      )}
      <StaffList<Holiday>
        sort={{ field: 'date', order: 'ASC' }}
        perPage={50}
        exporter={false}
        actions={isAdmin ? <HolidayListActions /> : false}
        empty={false}
      >
        <DataTable<Holiday> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="date">
            <DayField source="date" />
          </DataTable.Col>
          <DataTable.Col source="name" disableSort />
          {isAdmin && (
            <DataTable.Col label="console.holidays.actions" disableSort>
              <DeleteButton mutationMode="pessimistic" />
            </DataTable.Col>
          )}
        </DataTable>
      </StaffList>
    </>
  );
};
