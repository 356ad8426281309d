import { Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  BooleanField,
  DataTable,
  NumberField,
  SimpleList,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminPack } from '@estancia/contracts';
import { EuroField, useEuros } from '../payments/money';
import { AvailabilityField } from '../plans/AvailabilityField';

const PackName = () => {
  const pack = useRecordContext<AdminPack>();
  const translate = useTranslate();
  if (!pack) return null;
  return (
    <Typography component="span" sx={{ fontWeight: 500 }}>
      {pack.name}
      {!pack.active && ` (${translate('commerce.inactive')})`}
    </Typography>
  );
};

/** A phone's entry: credits for a price, how many were sold, when it is on sale. */
const PackSummary = () => {
  const pack = useRecordContext<AdminPack>();
  const translate = useTranslate();
  const euros = useEuros();
  if (!pack) return null;
  return (
    <Stack component="span">
      <span>
        {translate('commerce.packs.creditsFor', { smart_count: pack.credits, price: euros(pack.priceCents) })}
      </span>
      <span>{translate('commerce.packs.soldCount', { smart_count: pack.sold })}</span>
      <AvailabilityField />
    </Stack>
  );
};

/** The credit packs in the product's order; each opens its form. */
export const PackList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminPack> exporter={false} pagination={false} perPage={25} actions={false}>
      {narrow ? (
        <SimpleList<AdminPack> rowClick="edit" primaryText={<PackName />} secondaryText={<PackSummary />} />
      ) : (
        <DataTable<AdminPack> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" disableSort />
          <DataTable.NumberCol source="credits" disableSort />
          <DataTable.Col source="priceCents" disableSort>
            <EuroField source="priceCents" />
          </DataTable.Col>
          <DataTable.Col source="properties" disableSort>
            <TextField source="properties" />
          </DataTable.Col>
          <DataTable.Col source="sold" disableSort>
            <NumberField source="sold" />
          </DataTable.Col>
          <DataTable.Col source="active" disableSort>
            <BooleanField source="active" />
          </DataTable.Col>
          <DataTable.Col source="availableFrom" label="commerce.availability" disableSort>
            <AvailabilityField />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};
