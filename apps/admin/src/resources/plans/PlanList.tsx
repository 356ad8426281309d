import { Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  BooleanField,
  DataTable,
  NumberField,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminPlan } from '@estancia/contracts';
import { EuroField, useEuros } from '../payments/money';
import { AvailabilityField } from './AvailabilityField';

/** A phone's or an upright tablet's entry: the prices, then who has the plan. Spans: it sits in a paragraph. */
const PlanSummary = () => {
  const plan = useRecordContext<AdminPlan>();
  const translate = useTranslate();
  const euros = useEuros();
  if (!plan) return null;
  return (
    <Stack component="span">
      <span>
        {translate('commerce.plans.prices', {
          monthly: euros(plan.monthlyPriceCents),
          annual: euros(plan.annualPriceCents),
        })}
      </span>
      <span>{translate('commerce.plans.subscribersCount', { smart_count: plan.subscribers })}</span>
      <AvailabilityField />
    </Stack>
  );
};

const PlanName = () => {
  const plan = useRecordContext<AdminPlan>();
  const translate = useTranslate();
  if (!plan) return null;
  return (
    <Typography component="span" sx={{ fontWeight: 500 }}>
      {plan.name}
      {!plan.active && ` (${translate('commerce.inactive')})`}
    </Typography>
  );
};

/** The four tiers in their order; each opens its form. */
export const PlanList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminPlan> exporter={false} pagination={false} perPage={25} actions={false}>
      {narrow ? (
        <SimpleList<AdminPlan> rowClick="edit" primaryText={<PlanName />} secondaryText={<PlanSummary />} />
      ) : (
        // Four rows in the product's order: nothing to sort.
        <DataTable<AdminPlan> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="monthlyPriceCents" disableSort>
            <EuroField source="monthlyPriceCents" />
          </DataTable.Col>
          <DataTable.Col source="annualPriceCents" disableSort>
            <EuroField source="annualPriceCents" />
          </DataTable.Col>
          <DataTable.NumberCol source="includedDecorations" disableSort />
          <DataTable.Col source="subscribers" disableSort>
            <NumberField source="subscribers" />
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
