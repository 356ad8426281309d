import { Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  DataTable,
  NullableBooleanInput,
  SelectField,
  SimpleList,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminCoupon } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { couponScopeChoices } from './CouponForm';
import { DiscountField, RedemptionsField } from './CouponFields';

const filters = [
  <TextInput key="q" source="q" label="commerce.coupons.search" alwaysOn resettable />,
  <NullableBooleanInput key="active" source="active" alwaysOn sx={{ minWidth: 160 }} />,
];

const CouponCode = () => {
  const coupon = useRecordContext<AdminCoupon>();
  const translate = useTranslate();
  if (!coupon) return null;
  return (
    <Typography component="span" sx={{ fontWeight: 500 }}>
      {coupon.code}
      {!coupon.active && ` (${translate('commerce.inactive')})`}
    </Typography>
  );
};

/** A phone's entry: the discount and what it applies to, then how often it was used. */
const CouponSummary = () => {
  const coupon = useRecordContext<AdminCoupon>();
  const translate = useTranslate();
  if (!coupon) return null;
  return (
    <Stack component="span">
      <span>
        <DiscountField /> · {translate(`commerce.couponScopes.${coupon.appliesTo}`)}
      </span>
      <RedemptionsField />
    </Stack>
  );
};

/** Every coupon, newest first; withdrawn ones stay listed (payments name them). */
export const CouponList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminCoupon>
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      {narrow ? (
        <SimpleList<AdminCoupon>
          rowClick="edit"
          primaryText={<CouponCode />}
          secondaryText={<CouponSummary />}
        />
      ) : (
        <DataTable<AdminCoupon> rowClick="edit" bulkActionButtons={false}>
          {/* The API sorts coupons by code, expiry, uses and creation. */}
          <DataTable.Col source="code" />
          <DataTable.Col source="percentOff" label="commerce.coupons.discount" disableSort>
            <DiscountField />
          </DataTable.Col>
          <DataTable.Col source="appliesTo" disableSort>
            <SelectField source="appliesTo" choices={couponScopeChoices} />
          </DataTable.Col>
          <DataTable.Col source="startsAt" disableSort>
            <WhenField source="startsAt" emptyText="—" />
          </DataTable.Col>
          <DataTable.Col source="expiresAt">
            <WhenField source="expiresAt" emptyText="—" />
          </DataTable.Col>
          <DataTable.Col source="timesRedeemed">
            <RedemptionsField />
          </DataTable.Col>
          <DataTable.Col source="active" disableSort>
            <BooleanField source="active" />
          </DataTable.Col>
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};
