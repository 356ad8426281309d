import { Stack, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, ReferenceField, SelectInput, SimpleList, TextField } from 'react-admin';
import { type AdminLedgerEntry } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { ledgerReasonChoices } from '../../common/choices';
import { LedgerEntryName, LedgerNoteField, ledgerMovementColumns } from './LedgerFields';

const ledgerFilters = [
  <SelectInput key="reason" source="reason" choices={ledgerReasonChoices} alwaysOn sx={{ minWidth: 200 }} />,
];

/** On a phone, under the movement: whose credits, when, and the note. Spans: this sits in a paragraph. */
const PhoneDetails = () => (
  <Stack component="span">
    <ReferenceField source="userId" reference="users" link={false}>
      <TextField source="email" />
    </ReferenceField>
    <WhenField source="createdAt" />
    <LedgerNoteField />
  </Stack>
);

/** Every credit movement of every customer, newest first: who got how many, why, and who gave them. */
export const LedgerList = () => {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List<AdminLedgerEntry>
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      filters={ledgerFilters}
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
    </List>
  );
};
