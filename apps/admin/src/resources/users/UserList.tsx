import { Stack, type Theme, useMediaQuery } from '@mui/material';
import {
  BooleanField,
  DataTable,
  DateInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { roleChoices } from '../../common/choices';
import { blockedChoices, planFilterChoices, verifiedChoices } from './choices';
import { BlockedChip, PlanField } from './UserFields';

/**
 * The API's filters (GET admin/users): a labelled search box (not the placeholder-only SearchInput, so it has an
 * accessible name) and the role, plan, state and sign-up days. Booleans go as 'true'/'false', which the API reads.
 */
const userFilters = [
  <TextInput key="q" source="q" label="console.users.search" alwaysOn resettable />,
  <SelectInput key="role" source="role" choices={roleChoices} alwaysOn sx={{ minWidth: 160 }} />,
  <SelectInput key="plan" source="plan" choices={planFilterChoices} alwaysOn sx={{ minWidth: 160 }} />,
  <SelectInput key="verified" source="verified" choices={verifiedChoices} sx={{ minWidth: 160 }} />,
  <SelectInput key="blocked" source="blocked" choices={blockedChoices} sx={{ minWidth: 160 }} />,
  <DateInput key="createdFrom" source="createdFrom" />,
  <DateInput key="createdTo" source="createdTo" />,
];

/** A phone's entry, in a paragraph (spans only): role, plan, credits and the sign-up day. */
const UserDetails = () => {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Stack component="span" sx={{ overflowWrap: 'anywhere' }}>
      <span>{user.email}</span>
      <span>
        {[
          translate(`console.roles.${user.role}`),
          user.plan ?? translate('console.customers.noPlan'),
          translate('console.customers.creditsCount', { smart_count: user.credits }),
        ].join(' · ')}
      </span>
      <WhenField source="createdAt" />
    </Stack>
  );
};

const UserHeading = () => {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{user.name || user.email}</span>
      <BlockedChip />
    </Stack>
  );
};

/**
 * Customers and staff, newest first, with the API's filters. A table from a landscape tablet up (fewer columns
 * below 1200 px, where the menu leaves little room), a list on a phone or an upright tablet.
 */
export const UserList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'));
  return (
    <StaffList<AdminUser> filters={userFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      {narrow ? (
        <SimpleList<AdminUser>
          rowClick="show"
          primaryText={<UserHeading />}
          secondaryText={<UserDetails />}
        />
      ) : (
        <DataTable<AdminUser> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="email" />
          {/* The API sorts users by name, e-mail, credits and sign-up date only. */}
          <DataTable.Col source="role" disableSort>
            <SelectField source="role" choices={roleChoices} />
          </DataTable.Col>
          <DataTable.Col source="plan" disableSort>
            <PlanField />
          </DataTable.Col>
          <DataTable.NumberCol source="credits" />
          {!compact && (
            <DataTable.Col source="verified" disableSort>
              <BooleanField source="verified" />
            </DataTable.Col>
          )}
          <DataTable.Col source="blocked" disableSort>
            <BlockedChip />
          </DataTable.Col>
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};
