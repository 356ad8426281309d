import { Stack, type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  NumberField,
  SimpleList,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminTopReferrer } from '@estancia/contracts';
import { CustomerLink } from '../payments/CustomerLink';

const ReferrerField = (_props: { label?: string; source?: string }) => {
  const referrer = useRecordContext<AdminTopReferrer>();
  if (!referrer) return null;
  return <CustomerLink id={referrer.id} name={referrer.name} email={referrer.email} />;
};

/** A phone's entry: how many they brought, how many were rewarded, the credits they earned. */
const ReferrerFigures = () => {
  const referrer = useRecordContext<AdminTopReferrer>();
  const translate = useTranslate();
  if (!referrer) return null;
  return (
    <Stack component="span">
      {translate('commerce.topReferrers.figures', {
        referred: referrer.referred,
        rewarded: referrer.rewarded,
        credits: referrer.credits,
      })}
    </Stack>
  );
};

/** The customers who brought the most customers, the top first; each opens their page. */
export const TopReferrerList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const createPath = useCreatePath();
  const customerPage = (id: string | number) => createPath({ resource: 'users', id, type: 'show' });
  return (
    <StaffList<AdminTopReferrer> exporter={false} actions={false} sort={{ field: 'referred', order: 'DESC' }}>
      {narrow ? (
        <SimpleList<AdminTopReferrer>
          rowClick={customerPage}
          primaryText={(referrer) => referrer.name || referrer.email}
          secondaryText={<ReferrerFigures />}
        />
      ) : (
        // By customers referred (the top first), rewarded or credits earned: the API's three orders.
        <DataTable<AdminTopReferrer> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="name" disableSort>
            <ReferrerField />
          </DataTable.Col>
          <DataTable.Col source="referred">
            <NumberField source="referred" />
          </DataTable.Col>
          <DataTable.Col source="rewarded">
            <NumberField source="rewarded" />
          </DataTable.Col>
          <DataTable.Col source="credits">
            <NumberField source="credits" />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};
