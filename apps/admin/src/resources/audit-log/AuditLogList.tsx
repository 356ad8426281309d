import { Stack, type Theme, useMediaQuery } from '@mui/material';
import { AutocompleteInput, DataTable, DateInput, ReferenceInput, SimpleList, TextInput } from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminAuditEntry, type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import {
  ActionField,
  ActorField,
  AuditEntryName,
  ChangesSummary,
  RecordField,
  ResourceField,
} from './AuditFields';

const staffName = (user: AdminUser) => (user.name ? `${user.name} · ${user.email}` : user.email);

/**
 * The API's filters (GET admin/audit-log), all on screen: a record's page links here with `resource` and `recordId`
 * set, and a filter that is set must be visible to be cleared.
 */
const auditFilters = [
  <ReferenceInput key="actorId" source="actorId" reference="users" alwaysOn>
    <AutocompleteInput optionText={staffName} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <TextInput key="resource" source="resource" alwaysOn resettable />,
  <TextInput key="recordId" source="recordId" alwaysOn resettable />,
  <TextInput key="action" source="action" alwaysOn resettable helperText="console.audit.actionHelp" />,
  <DateInput key="createdFrom" source="createdFrom" alwaysOn />,
  <DateInput key="createdTo" source="createdTo" alwaysOn />,
];

/** A phone's entry, in a paragraph (spans only): who, when, on what, and what changed. */
const EntryDetails = () => (
  <Stack component="span">
    <ActorField />
    <WhenField source="createdAt" />
    <span>
      <ResourceField /> · <RecordField />
    </span>
    <ChangesSummary />
  </Stack>
);

/** Every staff action, newest first: who did what to which record, and what it changed. Read only. */
export const AuditLogList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminAuditEntry>
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={auditFilters}
      exporter={false}
      empty={false}
    >
      {narrow ? (
        <SimpleList<AdminAuditEntry>
          rowClick="show"
          primaryText={<AuditEntryName />}
          secondaryText={<EntryDetails />}
        />
      ) : (
        <DataTable<AdminAuditEntry> rowClick="show" bulkActionButtons={false}>
          {/* The API sorts the log by date only. */}
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
          <DataTable.Col source="actor" disableSort>
            <ActorField />
          </DataTable.Col>
          <DataTable.Col source="action" disableSort>
            <ActionField />
          </DataTable.Col>
          <DataTable.Col source="resource" disableSort>
            <ResourceField />
          </DataTable.Col>
          <DataTable.Col source="recordId" disableSort>
            <RecordField />
          </DataTable.Col>
          <DataTable.Col source="changes" disableSort>
            <ChangesSummary />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};
