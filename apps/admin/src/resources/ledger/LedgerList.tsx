import { Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextField,
  useGetManyAggregate,
  useRecordContext,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminLedgerEntry, type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { ledgerReasonChoices } from '../../common/choices';
import { LedgerEntryName, LedgerNoteField, ledgerMovementColumns } from './LedgerFields';

const userName = (user: AdminUser) => (user.name ? `${user.name} · ${user.email}` : user.email);

/** Whose movements (searched by name or e-mail, as the customers list does) and why. */
const ledgerFilters = [
  <ReferenceInput key="userId" source="userId" reference="users" alwaysOn>
    <AutocompleteInput optionText={userName} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 280 }} />
  </ReferenceInput>,
  <SelectInput key="reason" source="reason" choices={ledgerReasonChoices} alwaysOn sx={{ minWidth: 200 }} />,
];

/**
 * The customer's e-mail as plain text, fetched with the page's other customers in one getMany. Not a
 * ReferenceField: its loading bar is a <div>, which may not sit in the paragraph of a phone's list entry.
 */
const CustomerEmail = () => {
  const entry = useRecordContext<AdminLedgerEntry>();
  const { data } = useGetManyAggregate<AdminUser>('users', { ids: entry ? [entry.userId] : [] });
  return <span>{data?.[0]?.email ?? '…'}</span>;
};

/** On a phone, under the movement: whose credits, when, and the note. Spans: this sits in a paragraph. */
const PhoneDetails = () => (
  <Stack component="span">
    <CustomerEmail />
    <WhenField source="createdAt" />
    <LedgerNoteField />
  </Stack>
);

/**
 * Every credit movement of every customer, newest first: who got how many, why, and who gave them. The filters stay
 * on screen even while nothing matches (react-admin's empty page would replace them).
 */
export const LedgerList = () => {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <StaffList<AdminLedgerEntry>
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      filters={ledgerFilters}
      empty={false}
    >
      {phone ? (
        <SimpleList<AdminLedgerEntry>
          primaryText={<LedgerEntryName />}
          secondaryText={<PhoneDetails />}
          rowClick={false}
        />
      ) : (
        <DataTable<AdminLedgerEntry> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
          <DataTable.Col source="userId" disableSort>
            <ReferenceField source="userId" reference="users" link="show">
              <TextField source="email" />
            </ReferenceField>
          </DataTable.Col>
          {ledgerMovementColumns}
        </DataTable>
      )}
    </StaffList>
  );
};
