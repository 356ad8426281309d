import { Box, Stack, Typography } from '@mui/material';
import {
  BooleanField,
  DataTable,
  EmailField,
  NumberField,
  Pagination,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  useTranslate,
} from 'react-admin';
import { type AdminLedgerEntry, type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { languageChoices, roleChoices } from '../../common/choices';
import { ledgerMovementColumns } from '../ledger/LedgerFields';
import { GrantCreditsButton } from './GrantCreditsButton';

const SectionTitle = ({ id, title }: { id: string; title: string }) => {
  const translate = useTranslate();
  return (
    <Typography id={id} component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
      {translate(title)}
    </Typography>
  );
};

const NoLedger = () => {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('console.users.noLedger')}</Typography>;
};

/** The customer's profile and every credit movement that explains their balance, newest first. */
export const UserShow = () => (
  <Show<AdminUser>>
    <Box component="section" aria-labelledby="user-profile">
      <SectionTitle id="user-profile" title="console.users.profile" />
      <SimpleShowLayout>
        <TextField source="name" />
        <EmailField source="email" />
        <SelectField source="role" choices={roleChoices} />
        <NumberField source="credits" />
        <TextField source="company" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <SelectField source="language" choices={languageChoices} />
        <TextField source="referralCode" />
        <BooleanField source="verified" />
        <WhenField source="createdAt" />
      </SimpleShowLayout>
    </Box>
    <Box component="section" aria-labelledby="user-ledger" sx={{ pb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', pr: 2 }}>
        <SectionTitle id="user-ledger" title="console.users.ledger" />
        <GrantCreditsButton />
      </Stack>
      <ReferenceManyField<AdminUser, AdminLedgerEntry>
        reference="ledger"
        target="userId"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={<NoLedger />}
      >
        <DataTable<AdminLedgerEntry> bulkActionButtons={false} rowClick={false}>
          {ledgerMovementColumns}
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Box>
  </Show>
);
